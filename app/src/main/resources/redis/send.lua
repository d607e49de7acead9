-- pocketapi: raise one instance's values to those it sends, and the shared sums by what they gain:
-- max(stored, sent), so a batch sent twice, late or out of order changes nothing.
-- KEYS: site total, site daily of today, hash user -> total, hash user -> daily of today,
--       zset user -> last seen (ms), hash instance -> last heard (ms), this instance's totals
--       (hash, '' the site), its dailies of today (hash)
-- ARGV: instance, prefix, today, expireAt (unix s), maxUsers, nowMillis, forget users seen before (ms),
--       the number of days D, then D times: date, its expireAt, site, holidays, pictures, info, other;
--       then per tally: id ('' for the site), total, daily of today (-1: of another day)
-- Returns {site total, site daily, this instance's site total, its site daily,
--          today's shared site, holidays, pictures, info, other, then this instance's five}.
for i = 7, 8 do
  local t = redis.call('TYPE', KEYS[i])['ok']
  if t ~= 'none' and t ~= 'hash' then return redis.error_reply('pocketapi: ' .. KEYS[i] .. ' holds a ' .. t) end
end
local function raise(mine, id, value, shared)
  local old = tonumber(redis.call('HGET', mine, id) or '0') or 0
  local new = tonumber(value)
  if new <= old then return nil end
  local r
  if id == '' then r = redis.pcall('INCRBY', shared, new - old)
  else r = redis.pcall('HINCRBY', shared, id, new - old) end
  if type(r) == 'table' and r.err then
    return redis.error_reply('pocketapi: ' .. shared .. ' holds something that is not a count (' .. r.err .. ')')
  end
  redis.call('HSET', mine, id, value)
  return nil
end
local prefix, instance = ARGV[2], ARGV[1]
local columns = {'site', 'holidays', 'pictures', 'info', 'other'}
local days = tonumber(ARGV[8])
local i = 9
for _ = 1, days do
  local shared = prefix .. 'history:' .. ARGV[i]
  local mine = prefix .. 'of:' .. instance .. ':history:' .. ARGV[i]
  for c = 1, 5 do
    local bad = raise(mine, columns[c], ARGV[i + 1 + c], shared)
    if bad then return bad end
  end
  redis.call('EXPIREAT', shared, ARGV[i + 1])
  redis.call('EXPIREAT', mine, ARGV[i + 1])
  i = i + 7
end
local now = ARGV[6]
for t = i, #ARGV, 3 do
  local id = ARGV[t]
  local bad = raise(KEYS[7], id, ARGV[t + 1], id == '' and KEYS[1] or KEYS[3])
  if not bad and tonumber(ARGV[t + 2]) >= 0 then
    bad = raise(KEYS[8], id, ARGV[t + 2], id == '' and KEYS[2] or KEYS[4])
  end
  if bad then return bad end
  if id ~= '' then redis.call('ZADD', KEYS[5], now, id) end
end
for _, key in ipairs({KEYS[2], KEYS[4], KEYS[8]}) do redis.call('EXPIREAT', key, ARGV[4]) end
redis.call('HSET', KEYS[6], instance, now)
-- Users idle too long, and past maxUsers the least recently seen, are forgotten, by every instance's values too.
local function forget(users)
  if #users == 0 then return end
  local instances = redis.call('HKEYS', KEYS[6])
  for _, user in ipairs(users) do
    redis.call('HDEL', KEYS[3], user)
    redis.call('HDEL', KEYS[4], user)
    for _, other in ipairs(instances) do
      redis.call('HDEL', prefix .. 'of:' .. other, user)
      redis.call('HDEL', prefix .. 'of:' .. other .. ':' .. ARGV[3], user)
    end
  end
  redis.call('ZREM', KEYS[5], unpack(users))
end
forget(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', '(' .. ARGV[7], 'LIMIT', 0, 1000))
local excess = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[5])
if excess > 0 then forget(redis.call('ZRANGE', KEYS[5], 0, excess - 1)) end
local function n(v) return tonumber(v or '0') or 0 end
local out = {n(redis.call('GET', KEYS[1])), n(redis.call('GET', KEYS[2])),
             n(redis.call('HGET', KEYS[7], '')), n(redis.call('HGET', KEYS[8], ''))}
for _, key in ipairs({prefix .. 'history:' .. ARGV[3], prefix .. 'of:' .. instance .. ':history:' .. ARGV[3]}) do
  for c = 1, 5 do out[#out + 1] = n(redis.call('HGET', key, columns[c])) end
end
return out
