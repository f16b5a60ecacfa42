-- enqueue.lua: put a ticket in its matchmaking queue, once per request and player.
-- KEYS[1] queue zset  KEYS[2] tickets hash  KEYS[3] spec string  KEYS[4] ended zset
--   (one hash tag; keys.queue_keys)
-- ARGV[1] ticket id   ARGV[2] ticket JSON   ARGV[3] now ms   ARGV[4] spec JSON
-- ARGV[5] max waiting   ARGV[6] player id   ARGV[7] request id ("" = none)
-- ARGV[8] lifetime ms the queue's keys keep at least from now (the ticket's wait + keep)
-- A request id seen before answers the ticket it made (a retried Enqueue); a player who
-- already waits in this queue gets that ticket (one waiting ticket per player and queue,
-- so a player is never matched against itself).
-- Returns {1, ticket id} new | {2, ticket id} that request's ticket | {3, ticket id} the
--   player's waiting ticket | {0} the queue is full
local pid, rid = ARGV[6], ARGV[7]
if rid ~= '' then
  local prev = redis.call('HGET', KEYS[2], 'r:' .. pid .. ':' .. rid)
  if prev then return {2, prev} end
end
local live = redis.call('HGET', KEYS[2], 'w:' .. pid)
if live and redis.call('ZSCORE', KEYS[1], live) then return {3, live} end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[5]) then return {0} end
redis.call('SET', KEYS[3], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2], 'w:' .. pid, ARGV[1])
if rid ~= '' then redis.call('HSET', KEYS[2], 'r:' .. pid .. ':' .. rid, ARGV[1]) end
redis.call('ZADD', KEYS[1], tonumber(ARGV[3]), ARGV[1])
local life = tonumber(ARGV[8])
for i = 1, 3 do
  if redis.call('PTTL', KEYS[i]) < life then redis.call('PEXPIRE', KEYS[i], life) end
end
return {1, ARGV[1]}
