-- enqueue.lua: put a ticket in its matchmaking queue.
-- KEYS[1] queue zset  KEYS[2] tickets hash  KEYS[3] spec string   (one hash tag)
-- ARGV[1] ticket id   ARGV[2] ticket JSON   ARGV[3] now ms   ARGV[4] spec JSON   ARGV[5] max waiting
-- Returns 1 | 0 when the queue is full
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[5]) then return 0 end
redis.call('SET', KEYS[3], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[1], tonumber(ARGV[3]), ARGV[1])
return 1
