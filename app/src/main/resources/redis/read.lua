-- pocketapi: the shared totals of the site, of one user and of the crawlers, with what this instance
-- put into them, read in one step (so that the shared sums less this instance's values are the others' calls).
-- KEYS as send.lua's 1-4, 7, 8, 9 and 10; ARGV[1] the user.
-- Returns {site total, site daily, mine, mine daily, user total, user daily, mine, mine daily,
--          crawlers' total, daily, mine, mine daily}.
local function n(v) return tonumber(v or '0') or 0 end
local u = ARGV[1]
return {n(redis.call('GET', KEYS[1])), n(redis.call('GET', KEYS[2])),
        n(redis.call('HGET', KEYS[5], '')), n(redis.call('HGET', KEYS[6], '')),
        n(redis.call('HGET', KEYS[3], u)), n(redis.call('HGET', KEYS[4], u)),
        n(redis.call('HGET', KEYS[5], u)), n(redis.call('HGET', KEYS[6], u)),
        n(redis.call('GET', KEYS[7])), n(redis.call('GET', KEYS[8])),
        n(redis.call('HGET', KEYS[5], 'bots')), n(redis.call('HGET', KEYS[6], 'bots'))}
