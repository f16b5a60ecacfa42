-- purge.lua: delete a queue's tickets that ended more than `keep` ms ago, with every field
-- that points at them (request id, match record, waiting pointer); a queue where nothing
-- waits and nothing ended remains is deleted whole.
-- KEYS[1] queue zset  KEYS[2] tickets hash  KEYS[3] spec string  KEYS[4] ended zset
--   (one hash tag; keys.queue_keys)
-- ARGV[1] now ms   ARGV[2] keep ms   ARGV[3] at most this many tickets per call
-- Returns {purged, 1 when the queue is gone else 0}
local old = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]),
                       'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(old) do
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    local t = cjson.decode(raw)
    if t.rid and t.rid ~= '' then redis.call('HDEL', KEYS[2], 'r:' .. t.pid .. ':' .. t.rid) end
    if t.table then redis.call('HDEL', KEYS[2], 'match:' .. t.table) end
    if redis.call('HGET', KEYS[2], 'w:' .. t.pid) == id then
      redis.call('HDEL', KEYS[2], 'w:' .. t.pid)
    end
    redis.call('HDEL', KEYS[2], id)
  end
  redis.call('ZREM', KEYS[4], id)
end
if redis.call('ZCARD', KEYS[1]) == 0 and redis.call('ZCARD', KEYS[4]) == 0 then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
  return {#old, 1}
end
return {#old, 0}
