-- pocketapi: the shared calls per day and this instance's part of them, for the dates given.
-- ARGV: prefix, instance, then the dates. Returns per date: shared site, holidays, pictures, info,
-- other, then this instance's five.
local columns = {'site', 'holidays', 'pictures', 'info', 'other'}
local out = {}
for d = 3, #ARGV do
  for _, key in ipairs({ARGV[1] .. 'history:' .. ARGV[d], ARGV[1] .. 'of:' .. ARGV[2] .. ':history:' .. ARGV[d]}) do
    for c = 1, 5 do out[#out + 1] = tonumber(redis.call('HGET', key, columns[c]) or '0') or 0 end
  end
end
return out
