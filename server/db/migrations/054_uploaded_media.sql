-- Audio joins the kinds of content: voice messages and call recordings, sent by a service as a
-- URL or uploaded through the content sender.
alter table contents drop constraint contents_message_type_check;
alter table contents add constraint contents_message_type_check
  check (message_type in ('text', 'image', 'video', 'audio', 'other'));
