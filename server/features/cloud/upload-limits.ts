import type { UploadLimit } from '../../../contracts/upload-size.ts';

/**
 * The upload size limits per type (`GET /cloud/upload/limits`, spec §5 RULE-78…82), in megabytes. A type no
 * entry names gets the largest limit (`uploadLimitBytes` in contracts/upload-size.ts applies the rule, on the
 * client before an upload and on the server when one starts).
 */
export const uploadLimits: readonly UploadLimit[] = [
  { limit: '20', types: ['image'] },
  { limit: '500', types: ['audio'] },
  { limit: '10240', types: ['video'] },
  {
    limit: '200',
    types: [
      'application/pdf',
      'text',
      'application/rtf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
    ],
  },
];
