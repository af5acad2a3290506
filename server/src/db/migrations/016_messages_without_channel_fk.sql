-- The foreign key from messages to channels checked every stored message with a query of its own
-- (one more statement per message) that also share-locked the channel row just advanced (one more
-- WAL record). Every writer of messages (im_send, im_send_batch, insertSystemMessage) creates and
-- locks the channel before taking a sequence from it, and no code deletes a channel, so the key
-- guarded nothing those writers do not already ensure.
ALTER TABLE messages DROP CONSTRAINT IF EXISTS messages_channel_id_fkey;
