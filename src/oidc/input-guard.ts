import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { findUnstorableText } from '../http/unstorable-text.js';

// oidc-provider's own limit for a request body.
const bodyLimit = 56 * 1024;
const parsedTypes = /^application\/(x-www-form-urlencoded|json)\b/i;

type Request = IncomingMessage & { body?: string };

/**
 * In front of oidc-provider: refuses a parameter the database could not store (a NUL character, a
 * lone surrogate), in the query, the form or JSON body or the client's Basic credentials, with the
 * provider's own `invalid_request`, before any of it reaches a lookup. It reads the body itself and
 * hands it on as `req.body`, which the provider accepts in place of the stream.
 */
export function oidcInputGuard() {
  return async (req: Request, res: ServerResponse, next: (error?: unknown) => void) => {
    try {
      const problem =
        queryProblem(req.url ?? '') ??
        basicCredentialsProblem(req.headers.authorization) ??
        (await bodyProblem(req));
      if (problem) refuse(req, res, problem);
      else next();
    } catch (error) {
      next(error);
    }
  };
}

/*
 * Percent-decoding (as `querystring` does it) turns invalid UTF-8, an encoded surrogate included,
 * into U+FFFD, so in form-encoded text the one thing PostgreSQL cannot store is a NUL: text with
 * neither a NUL nor `%00` needs no parsing here. JSON can spell a lone surrogate, so it is walked.
 */
const mayHoldNul = (text: string) => text.includes('\0') || text.includes('%00');

function queryProblem(url: string): string | undefined {
  if (!mayHoldNul(url)) return undefined;
  const [path = '', query = ''] = url.split('?', 2);
  if (/%00/.test(path)) return 'the path contains a NUL character';
  const found = findUnstorableText(parseQuery(query), 'query');
  return found && `parameter ${found.path.slice('query.'.length)} ${found.problem}`;
}

// RFC 6749 §2.3.1: the client id and secret are form-encoded before Base64.
function basicCredentialsProblem(header: string | undefined): string | undefined {
  const match = /^basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  if (!mayHoldNul(decoded)) return undefined;
  const separator = decoded.indexOf(':');
  if (separator === -1) return undefined;
  for (const part of [decoded.slice(0, separator), decoded.slice(separator + 1)]) {
    let value: string;
    try {
      value = decodeURIComponent(part.replace(/\+/g, '%20'));
    } catch {
      // Left to the provider, which refuses it as a bad client authentication and audits the refusal.
      return undefined;
    }
    if (findUnstorableText(value, 'credentials')) return 'the client credentials contain a NUL character';
  }
  return undefined;
}

async function bodyProblem(req: Request): Promise<string | undefined> {
  if (req.method !== 'POST' || !parsedTypes.test(req.headers['content-type'] ?? '')) return undefined;
  // Left unread: the provider refuses a declared length over its limit itself.
  if (Number(req.headers['content-length'] ?? 0) > bodyLimit) return undefined;
  const text = await readBody(req);
  if (text === undefined) {
    tooLarge.add(req);
    return 'the request body is too large';
  }
  req.body = text;
  const json = /json/i.test(req.headers['content-type']!);
  if (!json && !mayHoldNul(text)) return undefined;
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined; // the provider refuses it as it always does
    }
  } else parsed = parseQuery(text);
  const found = findUnstorableText(parsed, 'body');
  return found && `parameter ${found.path.slice('body.'.length) || '(body)'} ${found.problem}`;
}

/** The body as text, or undefined once it passes the limit (the rest is left unread). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= bodyLimit) return;
      cleanUp();
      req.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(new Error('the request closed before its body ended'));
    const cleanUp = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

// Requests whose body was left half read: their connection cannot carry another request.
const tooLarge = new WeakSet<IncomingMessage>();

function refuse(req: Request, res: ServerResponse, description: string): void {
  if (tooLarge.has(req)) res.shouldKeepAlive = false;
  res.statusCode = 400;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify({ error: 'invalid_request', error_description: description }));
}
