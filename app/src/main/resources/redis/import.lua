-- pocketapi: import the totals of a stats file once, into a Redis that holds no pocketapi
-- counters yet. One atomic step, so two instances starting together import it once.
--
-- KEYS[1] the import marker  KEYS[2] site total  KEYS[3] site daily (today)
-- KEYS[4] hash user -> total  KEYS[5] hash user -> daily (today)  KEYS[6] zset user -> last seen
-- ARGV: siteTotal, siteDaily (0 unless the file's day is today), expireAt (unix s), stamp, n,
--       then n quadruples (user, total, daily, lastSeenMillis), least recently seen first.
-- Returns 1 when imported, 0 when Redis already held pocketapi counters.
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
redis.call('SET', KEYS[2], ARGV[1])
if tonumber(ARGV[2]) > 0 then
  redis.call('SET', KEYS[3], ARGV[2])
  redis.call('EXPIREAT', KEYS[3], ARGV[3])
end
local n = tonumber(ARGV[5])
for i = 0, n - 1 do
  local user = ARGV[6 + 4 * i]
  redis.call('HSET', KEYS[4], user, ARGV[7 + 4 * i])
  if tonumber(ARGV[8 + 4 * i]) > 0 then
    redis.call('HSET', KEYS[5], user, ARGV[8 + 4 * i])
  end
  redis.call('ZADD', KEYS[6], ARGV[9 + 4 * i], user)
end
if redis.call('EXISTS', KEYS[5]) == 1 then
  redis.call('EXPIREAT', KEYS[5], ARGV[3])
end
redis.call('SET', KEYS[1], ARGV[4])
return 1
