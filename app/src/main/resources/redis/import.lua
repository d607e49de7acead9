-- pocketapi: import one chunk of a stats file's counters, once, into a Redis that held no
-- pocketapi counters when the import began. One atomic step per chunk; the import is named by its
-- id (a digest of the file's counters), so a chunk resent after a lost answer, or an import begun
-- again after a restart, is recognised and never counted twice.
--
-- KEYS[1] hash: the import's id and the next chunk expected  KEYS[2] site total
-- KEYS[3] site daily  KEYS[4] hash user -> total  KEYS[5] hash user -> daily  KEYS[6] zset user -> last seen
-- ARGV: id, index, chunks, siteTotal, siteDaily, expireAt (unix s), n, then n quadruples
--       (user, total, daily, lastSeenMillis).
-- Returns the index of the chunk expected next (chunks: done), or -1 when Redis held counters
-- before this import (another instance counted first, or imported another file).
local id = redis.call('HGET', KEYS[1], 'id')
if not id then
  if redis.call('EXISTS', KEYS[2]) == 1 or tonumber(ARGV[2]) ~= 0 then
    return -1
  end
  redis.call('HSET', KEYS[1], 'id', ARGV[1], 'next', '0', 'chunks', ARGV[3])
  redis.call('INCRBY', KEYS[2], ARGV[4])
  if tonumber(ARGV[5]) > 0 then
    redis.call('INCRBY', KEYS[3], ARGV[5])
    redis.call('EXPIREAT', KEYS[3], ARGV[6])
  end
elseif id ~= ARGV[1] then
  return -1
end
local nxt = tonumber(redis.call('HGET', KEYS[1], 'next'))
if tonumber(ARGV[2]) ~= nxt then
  return nxt
end
local n = tonumber(ARGV[7])
for i = 0, n - 1 do
  local user = ARGV[8 + 4 * i]
  -- Added, not set: another instance may have counted this user since the import began.
  redis.call('HINCRBY', KEYS[4], user, ARGV[9 + 4 * i])
  if tonumber(ARGV[10 + 4 * i]) > 0 then
    redis.call('HINCRBY', KEYS[5], user, ARGV[10 + 4 * i])
  end
  redis.call('ZADD', KEYS[6], ARGV[11 + 4 * i], user)
end
if redis.call('EXISTS', KEYS[5]) == 1 then
  redis.call('EXPIREAT', KEYS[5], ARGV[6])
end
redis.call('HSET', KEYS[1], 'next', nxt + 1)
return nxt + 1
