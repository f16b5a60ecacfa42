-- seat.lua: change who holds a seat of a table, atomically with the table's pending deadlines.
-- KEYS[1..6] the table's keys (keys.table_keys: meta, state, log, events, idem, archive)
-- ARGV[1] op: "join" (take the lowest free non-bot seat) | "leave" (hand one's seat to a bot)
-- ARGV[2] player id   ARGV[3] display name   ARGV[4] now ms
-- ARGV[5] the Outcome bytes and ARGV[6] the TableEvent bytes of an abandoned table
-- ARGV[7] pub/sub channel told of the abandoning event ("" = none)
-- (the decision timeout is the table's own `timeout_ms`, fixed when it was created)
-- A table whose last free seat is taken goes from "open" to "playing"; its pending decisions
-- then get their deadlines (now for bot seats, now + timeout otherwise), and its keys lose
-- the lifetime of an open table. The pending decisions are those of the commit marker ending
-- the table's stream (stored once, decision 0011); the deadlines a seat change gives them are
-- kept per seat in meta "deadlines" ("<seat 0 ms>,<seat 1 ms>,...", 0 = the marker's own),
-- which the next commit drops: a change gives every decision of a seat the same deadline. A playing table whose last person leaves is abandoned
-- (status "finished", meta abandoned=1, one public event) unless bots may play it alone
-- (meta keep_bots=1: made by an API-key session).
-- Returns {1, seat, status, earliest deadline or -1, 1 if abandoned else 0} | {0, reason}
local function varint(s, i)  -- a protobuf varint at s[i]: its value and the next index
  local n, mul = 0, 1
  while true do
    local b = string.byte(s, i)
    i = i + 1
    n = n + (b % 128) * mul
    if b < 128 then return n, i end
    mul = mul * 128
  end
end
local function each_field(s, f)  -- f(field number, value) for each field of a protobuf message
  local i = 1
  while i <= #s do
    local key, v, len
    key, i = varint(s, i)
    local wire = key % 8
    if wire == 0 then
      v, i = varint(s, i)
    elseif wire == 2 then
      len, i = varint(s, i)
      v = string.sub(s, i, i + len - 1)
      i = i + len
    elseif wire == 1 then i = i + 8
    elseif wire == 5 then i = i + 4
    else error('unexpected protobuf wire type') end
    f(math.floor(key / 8), v)
  end
end
-- The pending decisions of the marker ending the stream: TableEvent field 4, each a
-- PendingDecision (id 1, seat 2, optional 4, deadline_unix_ms 5), as {id, seat, opt, dl}.
local function marker_pending(stream)
  local out = {}
  local last = redis.call('XREVRANGE', stream, '+', '-', 'COUNT', 1)[1]
  if not last then return out end
  for j = 1, #last[2], 2 do
    if last[2][j] == 'b' then
      each_field(last[2][j + 1], function(num, v)
        if num ~= 4 then return end
        local p = {id = '', seat = 0, opt = false, dl = 0}
        each_field(v, function(n, x)
          if n == 1 then p.id = x elseif n == 2 then p.seat = x
          elseif n == 4 then p.opt = x ~= 0 elseif n == 5 then p.dl = x end
        end)
        out[#out + 1] = p
      end)
    end
  end
  return out
end
local m = redis.call('HMGET', KEYS[1], 'status', 'players', 'names', 'bots', 'deadlines',
                    'timeout_ms', 'keep_bots', 'version')
if not m[1] then return {0, 'not_found'} end
local status = m[1]
local players = cjson.decode(m[2])
local names = cjson.decode(m[3])
local bots = cjson.decode(m[4])
local op, pid, name = ARGV[1], ARGV[2], ARGV[3]
local now, timeout = tonumber(ARGV[4]), tonumber(m[6])
local seat = -1
for i = 1, #players do
  if players[i] == pid then seat = i - 1 end
end
local abandoned = 0
if op == 'join' then
  if seat >= 0 then return {1, seat, status, -1, 0} end  -- already seated: a retried join
  if status ~= 'open' then return {0, 'not_open'} end
  for i = 1, #players do
    if seat < 0 and players[i] == '' and not bots[i] then
      seat = i - 1
      players[i] = pid
      names[i] = name
    end
  end
  if seat < 0 then return {0, 'full'} end
  local free = false
  for i = 1, #players do
    if players[i] == '' and not bots[i] then free = true end
  end
  if not free then
    status = 'playing'
    for k = 1, 6 do redis.call('PERSIST', KEYS[k]) end
  end
elseif op == 'leave' then
  if seat < 0 then return {0, 'not_seated'} end
  if status == 'finished' then return {0, 'finished'} end
  -- The seat keeps the leaver's name (results name who played it); a bot plays it now.
  bots[seat + 1] = true
  players[seat + 1] = ''
  local anyone = false
  for i = 1, #players do
    if players[i] ~= '' then anyone = true end
  end
  if status == 'playing' and not anyone and m[7] ~= '1' then
    status = 'finished'
    abandoned = 1
  end
else
  return {0, 'bad_op'}
end
local set_by_seat = {}
for i = 1, #players do set_by_seat[i] = 0 end
local k = 0
for x in string.gmatch(m[5] or '', '[^,]+') do
  k = k + 1
  set_by_seat[k] = tonumber(x)
end
local pending = marker_pending(KEYS[4])
for _, p in ipairs(pending) do
  if (set_by_seat[p.seat + 1] or 0) > 0 then p.dl = set_by_seat[p.seat + 1] end
end
local due = -1
if status == 'playing' then
  for _, p in ipairs(pending) do
    if bots[p.seat + 1] then
      p.dl = now
      set_by_seat[p.seat + 1] = now
    elseif op == 'join' or p.dl == 0 then
      p.dl = now + timeout
      set_by_seat[p.seat + 1] = p.dl
    end
    if not p.opt and (due < 0 or p.dl < due) then due = p.dl end
  end
end
local given = {}
for i = 1, #players do given[i] = string.format('%d', set_by_seat[i] or 0) end
redis.call('HSET', KEYS[1], 'status', status, 'players', cjson.encode(players),
           'names', cjson.encode(names), 'bots', cjson.encode(bots),
           'deadlines', table.concat(given, ','))
if abandoned == 1 then
  redis.call('HSET', KEYS[1], 'outcome', ARGV[5], 'abandoned', 1)
  redis.call('XADD', KEYS[4], '*', 'vis', '*', 'v', m[8], 'b', ARGV[6])
  if ARGV[7] ~= '' then redis.call('PUBLISH', ARGV[7], m[8]) end
end
return {1, seat, status, due, abandoned}
