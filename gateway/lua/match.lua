-- match.lua: form at most one table from a queue, atomically, so that no ticket ever lands in
-- two tables even when several gateways run it at once. Expires overdue tickets first.
-- It reads only the oldest ARGV[4] tickets (a window), so one call costs the same however
-- long the queue is; the caller calls again while tables form.
-- KEYS[1] queue zset  KEYS[2] tickets hash  KEYS[3] spec string  KEYS[4] ended zset
--   (one hash tag; keys.queue_keys)
-- ARGV[1] now ms   ARGV[2] seats per table   ARGV[3] the new table id   ARGV[4] window
-- A full table forms from the `seats` oldest tickets. Otherwise, when the oldest ticket that
-- allows bots has waited its bots_after ms, the waiting tickets that allow bots (oldest first,
-- up to `seats`) form a table and bots take the other seats. Both within the window. A
-- player holds one waiting ticket per queue (enqueue.lua); a second one of the same player
-- would still never share a table with the first.
-- Matched and expired tickets go to the ended set (purge.lua deletes them later).
-- Returns {} | {table_id, ticket ids in seat order...}
local now = tonumber(ARGV[1])
local seats = tonumber(ARGV[2])
local tid = ARGV[3]

local function ended(id, t)
  redis.call('HSET', KEYS[2], id, cjson.encode(t))
  redis.call('ZREM', KEYS[1], id)
  redis.call('ZADD', KEYS[4], now, id)
  redis.call('PEXPIRE', KEYS[4], math.max(1, redis.call('PTTL', KEYS[2])))
  if redis.call('HGET', KEYS[2], 'w:' .. t.pid) == id then
    redis.call('HDEL', KEYS[2], 'w:' .. t.pid)
  end
end

local ids = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[4]) - 1)
local waiting = {}
local players = {}
for _, id in ipairs(ids) do
  local raw = redis.call('HGET', KEYS[2], id)
  local t = raw and cjson.decode(raw)
  if not t or t.status ~= 'waiting' then
    redis.call('ZREM', KEYS[1], id)
  elseif t.expires <= now then
    t.status = 'expired'
    ended(id, t)
  elseif not players[t.pid] then
    players[t.pid] = true
    waiting[#waiting + 1] = {id, t}
  end
end
if #waiting == 0 then return {} end
local take = {}
if #waiting >= seats then
  for i = 1, seats do take[i] = waiting[i] end
else
  -- The oldest ticket that accepts bots decides: tickets that wait for people only
  -- never hold up the ones behind them.
  local first = nil
  for _, w in ipairs(waiting) do
    if not first and w[2].bots then first = w[2] end
  end
  if not first or now < first.created + first.bots_after then return {} end
  for _, w in ipairs(waiting) do
    if w[2].bots and #take < seats then take[#take + 1] = w end
  end
end
local out = {tid}
local members = {}
for seat, w in ipairs(take) do
  local t = w[2]
  t.status = 'matched'
  t.table = tid
  t.seat = seat - 1
  ended(w[1], t)
  out[#out + 1] = w[1]
  members[#members + 1] = w[1]
end
-- The match record lets any gateway (re)create the table if its creator died.
redis.call('HSET', KEYS[2], 'match:' .. tid, cjson.encode(members))
return out
