import type { FastifyInstance } from 'fastify';
import { uploadDir } from '../config';
import { attachmentRoutes } from '../attachments/attachment-routes';
import { AttachmentsService } from '../attachments/attachments-service';
import { FolderFileStorage } from '../attachments/file-storage';
import type { Parts } from './parts';

/** The documents uploaded to a draft (or to a request for changes), kept in a folder under the data dir. */
export async function registerAttachments(
  app: FastifyInstance,
  parts: Pick<Parts, 'config' | 'db' | 'dependencies' | 'forms' | 'owners' | 'sessions' | 'draftCookies' | 'limits'>,
): Promise<Pick<Parts, 'storage'>> {
  const { config, owners } = parts;
  const storage = new FolderFileStorage(uploadDir(config));
  await attachmentRoutes(
    app,
    new AttachmentsService(
      parts.db,
      storage,
      config.UPLOAD_MAX_BYTES,
      parts.forms,
      owners,
      parts.dependencies.uploadLimits,
    ),
    config.UPLOAD_MAX_BYTES,
    parts.sessions,
    { cookies: parts.draftCookies, limits: parts.limits },
  );
  return { storage };
}
