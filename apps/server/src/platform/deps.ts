import type { ChannelRegistry } from '../channels/registry';
import type { ChannelRepository } from '../channels/repository';
import type { Config } from './config';
import type { Db } from './db';
import type { JobQueue } from './job-queue';
import type { Mailer } from './mailer';
import type { OutboundGuard } from './outbound-url';
import type { Storage } from './storage/storage';

// Infrastructure handed to operations; tests build the same object against real services.
export type AppDeps = {
  config: Config;
  db: Db;
  queue: JobQueue | null;
  mailer: Mailer;
  appSecret: string;
  /** The adapter of each channel kind. */
  channels: ChannelRegistry;
  /** Channels as their adapters use them (config parsed, secrets unsealed), cached by id. */
  channelRepository: ChannelRepository;
  storage: Storage;
  /** The outbound-URL guard: every call to a user-given URL goes through it. */
  outbound: OutboundGuard;
};

/** The authenticated caller of an operation. */
export type Caller = {
  sessionId: string;
  userId: number;
  companyId: number;
  role: number;
  displayName: string;
};
