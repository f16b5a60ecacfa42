-- auth.lua: check a session token, refresh its TTL, and take one token from its rate bucket.
-- KEYS[1] session hash s:{token}        KEYS[2] rate bucket hash s:{token}:rl
-- ARGV[1] session ttl ms   ARGV[2] now ms   ARGV[3] rate (tokens/s)   ARGV[4] burst
-- Returns {1, player_id, name} | {0} unknown or expired | {-1, retry_after_ms} rate limited
local s = redis.call('HMGET', KEYS[1], 'pid', 'name')
if not s[1] then return {0} end
local ttl = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local burst = tonumber(ARGV[4])
local b = redis.call('HMGET', KEYS[2], 'tokens', 'ts')
local tokens = tonumber(b[1]) or burst
local ts = tonumber(b[2]) or now
tokens = math.min(burst, tokens + (now - ts) * rate / 1000.0)
if tokens < 1 then
  redis.call('HSET', KEYS[2], 'tokens', tokens, 'ts', now)
  redis.call('PEXPIRE', KEYS[2], ttl)
  return {-1, math.ceil((1 - tokens) * 1000.0 / rate)}
end
redis.call('HSET', KEYS[2], 'tokens', tokens - 1, 'ts', now)
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[1], ttl)
return {1, s[1], s[2]}
