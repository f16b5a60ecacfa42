-- read.lua: a table's events after a stream id, from its archive or else its stream (Watch,
-- a retried Act; gateway/archive.py). Atomic, so a compaction never hides an entry between
-- the two: every entry is in exactly one of them, the archive holding the oldest.
-- KEYS[1] events  KEYS[2] archive   (one hash tag; keys.table_keys)
-- ARGV[1] after: a stream id "<ms>-<seq>" without leading zeros; entries strictly after it
-- ARGV[2] at most this many stream entries
-- Returns {1, chunk}       the first archived chunk that holds an entry after `after` (the
--                          gateway decodes it and skips the entries up to `after`)
--       | {0, entries}     else the stream's entries after `after`, as XRANGE gives them
local function later(a, b)  -- stream id a > stream id b
  local am, as = string.match(a, '^(%d+)-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)-(%d+)$')
  if #am ~= #bm then return #am > #bm end
  if am ~= bm then return am > bm end
  if #as ~= #bs then return #as > #bs end
  return as > bs
end
local ids = redis.call('HGET', KEYS[2], 'ids')
if ids then
  local k = 0
  for id in string.gmatch(ids, '%S+') do
    k = k + 1
    if later(id, ARGV[1]) then return {1, redis.call('HGET', KEYS[2], tostring(k))} end
  end
end
return {0, redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', ARGV[2])}
