-- pocketapi: raise one instance's values to those it sends, and the shared sums by what they gain:
-- max(stored, sent), so a batch sent twice, late or out of order changes nothing; and add each user
-- whose day's calls include a person's to that day's visitors (a HyperLogLog: adding twice changes nothing).
-- KEYS: site total, site daily of today, hash user -> total, hash user -> daily of today,
--       zset user -> last seen (ms), hash instance -> last heard (ms), this instance's totals
--       (hash, '' the site, 'bots' the crawlers), its dailies of today (hash), the crawlers' total,
--       the crawlers' daily of today
-- ARGV: instance, prefix, today, expireAt (unix s), maxUsers, nowMillis, forget users seen before (ms),
--       the number of days D, then D times: date, its expireAt, site, holidays, pictures, info, other,
--       bots, imported; then per tally: id ('' for the site, 'bots' for the crawlers), total, daily of
--       today (-1: of another day), the date the user was a visitor ('' if none), that date's expireAt
-- Returns {site total, site daily, this instance's site total, its site daily,
--          today's shared site, holidays, pictures, info, other, bots, imported, then this instance's
--          seven, then the crawlers' total, daily, this instance's crawlers' total, daily}.
for _, i in ipairs({7, 8}) do
  local t = redis.call('TYPE', KEYS[i])['ok']
  if t ~= 'none' and t ~= 'hash' then return redis.error_reply('pocketapi: ' .. KEYS[i] .. ' holds a ' .. t) end
end
local function raise(mine, id, value, shared, field)
  local old = tonumber(redis.call('HGET', mine, id) or '0') or 0
  local new = tonumber(value)
  if new <= old then return nil end
  local r
  if field == nil then r = redis.pcall('INCRBY', shared, new - old)
  else r = redis.pcall('HINCRBY', shared, field, new - old) end
  if type(r) == 'table' and r.err then
    return redis.error_reply('pocketapi: ' .. shared .. ' holds something that is not a count (' .. r.err .. ')')
  end
  redis.call('HSET', mine, id, value)
  return nil
end
local prefix, instance = ARGV[2], ARGV[1]
local columns = {'site', 'holidays', 'pictures', 'info', 'other', 'bots', 'imported'}
local days = tonumber(ARGV[8])
local i = 9
for _ = 1, days do
  local shared = prefix .. 'history:' .. ARGV[i]
  local mine = prefix .. 'of:' .. instance .. ':history:' .. ARGV[i]
  for c = 1, #columns do
    local bad = raise(mine, columns[c], ARGV[i + 1 + c], shared, columns[c])
    if bad then return bad end
  end
  redis.call('EXPIREAT', shared, ARGV[i + 1])
  redis.call('EXPIREAT', mine, ARGV[i + 1])
  i = i + 2 + #columns
end
local now = ARGV[6]
for t = i, #ARGV, 5 do
  local id = ARGV[t]
  local total, daily
  if id == '' then total, daily = {KEYS[1]}, {KEYS[2]}
  elseif id == 'bots' then total, daily = {KEYS[9]}, {KEYS[10]}
  else total, daily = {KEYS[3], id}, {KEYS[4], id} end
  local bad = raise(KEYS[7], id, ARGV[t + 1], total[1], total[2])
  if not bad and tonumber(ARGV[t + 2]) >= 0 then
    bad = raise(KEYS[8], id, ARGV[t + 2], daily[1], daily[2])
  end
  if bad then return bad end
  if id ~= '' and id ~= 'bots' then
    redis.call('ZADD', KEYS[5], now, id)
    if ARGV[t + 3] ~= '' then
      local visitors = prefix .. 'visitors:' .. ARGV[t + 3]
      local r = redis.pcall('PFADD', visitors, id)
      if type(r) == 'table' and r.err then
        return redis.error_reply('pocketapi: ' .. visitors .. ' holds something that is not a HyperLogLog (' .. r.err .. ')')
      end
      redis.call('EXPIREAT', visitors, ARGV[t + 4])
    end
  end
end
for _, key in ipairs({KEYS[2], KEYS[4], KEYS[8], KEYS[10]}) do redis.call('EXPIREAT', key, ARGV[4]) end
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
  for c = 1, #columns do out[#out + 1] = n(redis.call('HGET', key, columns[c])) end
end
for _, v in ipairs({redis.call('GET', KEYS[9]), redis.call('GET', KEYS[10]),
                    redis.call('HGET', KEYS[7], 'bots'), redis.call('HGET', KEYS[8], 'bots')}) do
  out[#out + 1] = n(v)
end
return out
