import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { findClientMetadata } from './clients.js';

/** One table holds every oidc-provider model; clients come from the applications table. */
export function createAdapterFactory(db: Db) {
  return (modelName: string): Adapter =>
    modelName === 'Client' ? new ClientAdapter(db) : new ModelAdapter(db, modelName);
}

class ModelAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly modelName: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      payload: json(payload),
      // A grant is its own group, so revoking the grant id removes it with its tokens.
      grant_id: this.modelName === 'Grant' ? id : (payload.grantId ?? null),
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('oidc_model_instances')
      .values({ model_name: this.modelName, id, ...row })
      .onConflict((oc) => oc.columns(['model_name', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await this.live().where('id', '=', id).executeTakeFirst();
    return row && toPayload(row);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await this.live().where('uid', '=', uid).executeTakeFirst();
    return row && toPayload(row);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.live().where('user_code', '=', userCode).executeTakeFirst();
    return row && toPayload(row);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_model_instances')
      .set({ consumed_at: new Date() })
      .where('model_name', '=', this.modelName)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_model_instances')
      .where('model_name', '=', this.modelName)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_model_instances').where('grant_id', '=', grantId).execute();
  }

  private live() {
    return this.db
      .selectFrom('oidc_model_instances')
      .select(['payload', 'consumed_at'])
      .where('model_name', '=', this.modelName)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]));
  }
}

function toPayload(row: { payload: Record<string, unknown>; consumed_at: Date | null }): AdapterPayload {
  const payload = row.payload as AdapterPayload;
  return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
}

class ClientAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await findClientMetadata(this.db, id)) as AdapterPayload | undefined;
  }

  async upsert(): Promise<void> {
    throw new Error('clients are managed through the applications API');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}
