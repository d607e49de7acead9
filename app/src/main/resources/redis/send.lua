-- pocketapi: raise one instance's tallies to the values it sends, and the shared sums by what they
-- gain: max(stored, sent), so a batch sent twice, late or out of order changes nothing.
-- KEYS: site total, site daily of today, hash user -> total, hash user -> daily of today,
--       zset user -> last seen (ms), hash instance -> last heard (ms), this instance's totals
--       (hash, '' the site), its dailies of today (hash)
-- ARGV: instance, prefix, today, expireAt (unix s), maxUsers, nowMillis, then per tally:
--       id ('' for the site), total, daily of today (-1: of another day)
-- Returns {site total, site daily, this instance's site total, its site daily}.
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
local now = ARGV[6]
for i = 7, #ARGV, 3 do
  local id = ARGV[i]
  local bad = raise(KEYS[7], id, ARGV[i + 1], id == '' and KEYS[1] or KEYS[3])
  if not bad and tonumber(ARGV[i + 2]) >= 0 then
    bad = raise(KEYS[8], id, ARGV[i + 2], id == '' and KEYS[2] or KEYS[4])
  end
  if bad then return bad end
  if id ~= '' then redis.call('ZADD', KEYS[5], now, id) end
end
for _, key in ipairs({KEYS[2], KEYS[4], KEYS[8]}) do redis.call('EXPIREAT', key, ARGV[4]) end
redis.call('HSET', KEYS[6], ARGV[1], now)
-- At most maxUsers users: the least recently seen are forgotten, by every instance's values too.
local excess = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[5])
if excess > 0 then
  local instances = redis.call('HKEYS', KEYS[6])
  for _, user in ipairs(redis.call('ZRANGE', KEYS[5], 0, excess - 1)) do
    redis.call('HDEL', KEYS[3], user)
    redis.call('HDEL', KEYS[4], user)
    for _, instance in ipairs(instances) do
      redis.call('HDEL', ARGV[2] .. 'of:' .. instance, user)
      redis.call('HDEL', ARGV[2] .. 'of:' .. instance .. ':' .. ARGV[3], user)
    end
  end
  redis.call('ZREMRANGEBYRANK', KEYS[5], 0, excess - 1)
end
return {tonumber(redis.call('GET', KEYS[1]) or '0') or 0, tonumber(redis.call('GET', KEYS[2]) or '0') or 0,
        tonumber(redis.call('HGET', KEYS[7], '') or '0') or 0, tonumber(redis.call('HGET', KEYS[8], '') or '0') or 0}
