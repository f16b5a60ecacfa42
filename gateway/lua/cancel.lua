-- cancel.lua: cancel a waiting ticket (a matched ticket cannot be cancelled).
-- KEYS[1] queue zset  KEYS[2] tickets hash   (one hash tag)
-- ARGV[1] ticket id   ARGV[2] player id
-- Returns the ticket JSON after the call | false when no such ticket of that player
local raw = redis.call('HGET', KEYS[2], ARGV[1])
if not raw then return false end
local t = cjson.decode(raw)
if t.pid ~= ARGV[2] then return false end
if t.status == 'waiting' then
  t.status = 'cancelled'
  raw = cjson.encode(t)
  redis.call('HSET', KEYS[2], ARGV[1], raw)
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return raw
