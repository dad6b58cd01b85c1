-- Chunks of image files keep their image id too (it was derived from the file name, which also gave one to
-- manual chunks and RAPTOR summaries of those files).
UPDATE `chunks` SET `image_id` = `dataset_id` || '-' || `document_id`
WHERE `image_id` = '' AND `raptor` = 0 AND `manual` = 0
  AND `document_id` IN (SELECT `id` FROM `documents` WHERE `suffix` IN ('png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff'));
