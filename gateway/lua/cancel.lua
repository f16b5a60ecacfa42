-- cancel.lua: end a waiting ticket: cancelled by its player, or expired once overdue
-- (a matched ticket can be neither). An ended ticket is filed in the ended set; purge.lua
-- deletes it later.
-- KEYS[1] queue zset  KEYS[2] tickets hash  KEYS[3] spec string  KEYS[4] ended zset
--   (one hash tag; keys.queue_keys)
-- ARGV[1] ticket id   ARGV[2] player id   ARGV[3] "cancelled" | "expired"   ARGV[4] now ms
-- Returns the ticket JSON after the call | false when no such ticket of that player
local raw = redis.call('HGET', KEYS[2], ARGV[1])
if not raw then return false end
local t = cjson.decode(raw)
if t.pid ~= ARGV[2] then return false end
local expiring = ARGV[3] == 'expired'
if t.status == 'waiting' and (not expiring or t.expires <= tonumber(ARGV[4])) then
  t.status = ARGV[3]
  raw = cjson.encode(t)
  redis.call('HSET', KEYS[2], ARGV[1], raw)
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('ZADD', KEYS[4], tonumber(ARGV[4]), ARGV[1])
  redis.call('PEXPIRE', KEYS[4], math.max(1, redis.call('PTTL', KEYS[2])))
  if redis.call('HGET', KEYS[2], 'w:' .. t.pid) == ARGV[1] then
    redis.call('HDEL', KEYS[2], 'w:' .. t.pid)
  end
end
return raw
