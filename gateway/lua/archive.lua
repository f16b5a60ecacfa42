-- archive.lua: move a table's oldest stream entries into its archive, atomically (archive.py):
-- either the chunk holds them and the stream has lost them, or nothing changed. The stream
-- is rebuilt from the entries it keeps (same ids, same fields): entries deleted in place
-- would keep their bytes until their whole stream node went.
-- KEYS[1] events  KEYS[2] archive   (one hash tag; keys.table_keys)
-- ARGV[1] the archive's "ids" field as the gateway read it ("" = no archive yet)
-- ARGV[2] the chunk's field ("<k>": the last chunk rewritten with more entries, or a new one)
-- ARGV[3] the chunk's bytes   ARGV[4] the archive's new "ids" field
-- ARGV[5], ARGV[6] the first and the last stream id the chunk took: the stream's first entries
-- Returns 1 when moved; 0 when the table changed since it was read (another gateway
-- compacted it first) or nothing would be left in the stream: then nothing is done.
local ids = redis.call('HGET', KEYS[2], 'ids') or ''
if ids ~= ARGV[1] then return 0 end
local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
if not first or first[1] ~= ARGV[5] then return 0 end
local keep = redis.call('XRANGE', KEYS[1], '(' .. ARGV[6], '+')
if #keep == 0 then return 0 end  -- the newest entry stays: it carries the stream's last id
local ttl = redis.call('PTTL', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3], 'ids', ARGV[4])
redis.call('DEL', KEYS[1])
for _, e in ipairs(keep) do redis.call('XADD', KEYS[1], e[1], unpack(e[2])) end
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return 1
