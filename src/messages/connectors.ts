import type { Services } from '../app.js';
import { ApiError } from '../http/errors.js';
import type { Channel, MessageConnector, OutgoingMessage } from './connector.js';
import { createRecordingConnector } from './recording-connector.js';
import { createSmtpConnector } from './smtp-connector.js';

type Connectors = Record<Channel, MessageConnector>;

// One set per running service, built on first use from its configuration.
const built = new WeakMap<Services, Connectors>();

function connectorsOf(services: Services): Connectors {
  let connectors = built.get(services);
  if (!connectors) {
    const recording = createRecordingConnector(services.db);
    const smtp = services.config.messages.smtp;
    connectors = { email: smtp ? createSmtpConnector(smtp) : recording, phone: recording };
    built.set(services, connectors);
  }
  return connectors;
}

/** Hands the message to its channel's connector; a failed hand-over is a 502 for the caller. */
export async function deliverMessage(services: Services, message: OutgoingMessage): Promise<void> {
  try {
    await connectorsOf(services)[message.channel].send(message);
  } catch (error) {
    // The connector's own error (an SMTP reply, say) is logged through `cause`, never sent.
    const failure = new ApiError(
      502,
      'connector.general_error',
      'The message could not be sent; try again later.',
    );
    throw Object.assign(failure, { cause: error });
  }
}
