-- pocketapi: remove the applied marks of instances not heard from for a long time (an instance
-- that crashed and whose folder, with its pending log, is gone), so the hash does not grow forever.
--
-- KEYS[1] hash instance -> last batch applied   KEYS[2] hash instance -> last heard from (ms)
-- KEYS[3] hash: 'horizon', the latest last-heard time of any instance removed
-- ARGV: nowMillis, goneMillis
-- A batch of a removed instance sent later was sealed before its instance was last heard from, or
-- was never applied; apply.lua refuses ("expired") a batch without a mark sealed at or before the
-- horizon, so nothing is counted twice. Marks kept by versions before 1.3 have no time: their time
-- starts now. Returns how many instances were removed.
for i, key in ipairs(KEYS) do
  local t = redis.call('TYPE', key)['ok']
  if t ~= 'none' and t ~= 'hash' then
    return redis.error_reply('pocketapi: ' .. key .. ' holds a ' .. t .. ', not a hash')
  end
end
local now = tonumber(ARGV[1])
local gone = tonumber(ARGV[2])
local horizon = tonumber(redis.call('HGET', KEYS[3], 'horizon') or '0') or 0
local removed = 0
local heard = redis.call('HGETALL', KEYS[2])
for i = 1, #heard, 2 do
  local at = tonumber(heard[i + 1]) or 0
  if at < now - gone then
    redis.call('HDEL', KEYS[1], heard[i])
    redis.call('HDEL', KEYS[2], heard[i])
    if at > horizon then
      horizon = at
    end
    removed = removed + 1
  end
end
for _, instance in ipairs(redis.call('HKEYS', KEYS[1])) do
  if redis.call('HEXISTS', KEYS[2], instance) == 0 then
    redis.call('HSET', KEYS[2], instance, ARGV[1])
  end
end
if removed > 0 then
  redis.call('HSET', KEYS[3], 'horizon', horizon)
end
return removed
