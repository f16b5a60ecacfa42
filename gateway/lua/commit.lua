-- commit.lua: apply one transition to a table, atomically: compare-and-set on the version,
-- the new state, the choice log entry, the meta fields and the event appends.
-- KEYS[1] meta  KEYS[2] state  KEYS[3] log  KEYS[4] events  KEYS[5] idem  KEYS[6] archive
--   (one hash tag; keys.table_keys)
-- KEYS[7] the deadline index clk:deadlines, on a single Redis only (on Redis Cluster it is in
--         another slot, and the gateway updates it after the commit)
-- ARGV[1] expected version
-- ARGV[2] new state bytes
-- ARGV[3] choice log entries, one per version, joined by newlines ("" = none, e.g. table
--         creation); a run of k bot moves is one commit of k versions
-- ARGV[4] idempotency field ("" = none)
-- ARGV[5] n = number of meta field/value pairs, then 2n values
-- then m = number of events, then m triples (visibility, version, TableEvent bytes)
-- ARGV[#ARGV - 4] lifetime ms of the table's keys (0 = none): an open table nobody
--   completes expires (set with the create flag)
-- ARGV[#ARGV - 3] pub/sub channel told the new version after the events ("" = none; Watch
--   on a single Redis, gateway/notify.py)
-- ARGV[#ARGV - 2] table id, ARGV[#ARGV - 1] its earliest decision deadline (-1 = none):
--   with KEYS[7], the table's entry in the deadline index
-- ARGV[#ARGV] create flag: "1" = the table must not exist yet (version -1 expected)
-- Returns {1, new_version, stream length, stream nodes, event ids...}
--                                                        committed (m >= 1 events; new
--                                                        version = current + k, k >= 1; the
--                                                        length and the listpack nodes tell
--                                                        the gateway when to compact,
--                                                        archive.py)
--       | {0, current_version}                           version mismatch (lost race)
--       | {2, "<version> <first id> <last id>"}          idempotency key already applied
local create = ARGV[#ARGV] == '1'
local cur = redis.call('HGET', KEYS[1], 'version')
if create then
  if cur then return {0, tonumber(cur)} end
  cur = -1
else
  if not cur then return {0, -1} end
  cur = tonumber(cur)
end
if ARGV[4] ~= '' then
  local prev = redis.call('HGET', KEYS[5], ARGV[4])
  if prev then return {2, prev} end
end
if cur ~= tonumber(ARGV[1]) then return {0, cur} end
local steps = 0
for entry in string.gmatch(ARGV[3], '[^\n]+') do
  redis.call('RPUSH', KEYS[3], entry)
  steps = steps + 1
end
local nv = cur + math.max(steps, 1)
redis.call('SET', KEYS[2], ARGV[2])
local i = 5
local n = tonumber(ARGV[i])
for k = 1, n do
  redis.call('HSET', KEYS[1], ARGV[i + 2 * k - 1], ARGV[i + 2 * k])
end
redis.call('HSET', KEYS[1], 'version', nv)
-- The new commit marker carries the pending decisions and their deadlines (stored once):
-- deadlines a seat change set for the previous ones go (and the pending list that meta
-- hashes held before decision 0011).
redis.call('HDEL', KEYS[1], 'deadlines', 'pending')
i = i + 2 * n + 1
local m = tonumber(ARGV[i])
local out = {1, nv, 0, 0}
for k = 1, m do
  out[k + 4] = redis.call('XADD', KEYS[4], '*', 'vis', ARGV[i + 3 * k - 2],
                          'v', ARGV[i + 3 * k - 1], 'b', ARGV[i + 3 * k])
end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[5], ARGV[4], nv .. ' ' .. out[5] .. ' ' .. out[#out])
end
local due = tonumber(ARGV[#ARGV - 1])
if KEYS[7] and due >= 0 then redis.call('ZADD', KEYS[7], due, ARGV[#ARGV - 2]) end
local life = tonumber(ARGV[#ARGV - 4])
if life > 0 then
  for k = 1, 6 do redis.call('PEXPIRE', KEYS[k], life) end
end
out[3] = redis.call('XLEN', KEYS[4])
local info = redis.call('XINFO', 'STREAM', KEYS[4])
for j = 1, #info, 2 do
  if info[j] == 'radix-tree-keys' then out[4] = info[j + 1] end
end
if ARGV[#ARGV - 3] ~= '' then redis.call('PUBLISH', ARGV[#ARGV - 3], nv) end
return out
