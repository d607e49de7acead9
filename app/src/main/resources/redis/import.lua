-- pocketapi: adds an import (pocketapi --import) to the shared sums, once: it is recorded by its
-- content's hash in the imports hash first, in the same step, so a second run, from any instance or
-- host, adds nothing. Every key is checked before anything is written: nothing is half-applied.
-- KEYS: imports (hash), site total, site daily of today, crawlers' total, crawlers' daily of today
-- ARGV: prefix, the import's id, what to record of it, expireAt of today's keys, calls to the total,
--       calls of today, crawlers' calls to their total, crawlers' calls of today, then per day kept:
--       date, its expireAt, calls, crawlers' calls.
-- Returns 1 when applied, 0 when this import was applied before.
local function is(key, kind)
  local t = redis.call('TYPE', key)['ok']
  return t == 'none' or t == kind
end
for i, kind in ipairs({'hash', 'string', 'string', 'string', 'string'}) do
  if not is(KEYS[i], kind) then return redis.error_reply('pocketapi: ' .. KEYS[i] .. ' is not a ' .. kind) end
end
for d = 9, #ARGV, 4 do
  if not is(ARGV[1] .. 'history:' .. ARGV[d], 'hash') then
    return redis.error_reply('pocketapi: ' .. ARGV[1] .. 'history:' .. ARGV[d] .. ' is not a hash')
  end
end
if redis.call('HSETNX', KEYS[1], ARGV[2], ARGV[3]) == 0 then return 0 end
redis.call('INCRBY', KEYS[2], ARGV[5])
redis.call('INCRBY', KEYS[4], ARGV[7])
if tonumber(ARGV[6]) > 0 then
  redis.call('INCRBY', KEYS[3], ARGV[6])
  redis.call('EXPIREAT', KEYS[3], ARGV[4])
end
if tonumber(ARGV[8]) > 0 then
  redis.call('INCRBY', KEYS[5], ARGV[8])
  redis.call('EXPIREAT', KEYS[5], ARGV[4])
end
for d = 9, #ARGV, 4 do
  local day = ARGV[1] .. 'history:' .. ARGV[d]
  redis.call('HINCRBY', day, 'site', ARGV[d + 2])
  redis.call('HINCRBY', day, 'imported', ARGV[d + 2])
  redis.call('HINCRBY', day, 'bots', ARGV[d + 3])
  redis.call('EXPIREAT', day, ARGV[d + 1])
end
return 1
