-- How many attempts of a parse task died inside the parser (no report after "Start to parse."): the second such
-- death fails the task for good instead of retrying a file that exhausts the CPU or time limit every time.
ALTER TABLE `tasks` ADD COLUMN `parse_stalls` integer DEFAULT 0 NOT NULL;
