-- pocketapi: the shared calls per day and this instance's part of them, and the day's visitors, for
-- the dates given; then the visitors of all those days together (a union of their HyperLogLogs).
-- ARGV: prefix, instance, then the dates. Returns per date: shared site, holidays, pictures, info,
-- other, bots, imported, then this instance's seven, then the visitors; at the end the visitors of all.
local columns = {'site', 'holidays', 'pictures', 'info', 'other', 'bots', 'imported'}
local out = {}
local visitors = {}
for d = 3, #ARGV do
  for _, key in ipairs({ARGV[1] .. 'history:' .. ARGV[d], ARGV[1] .. 'of:' .. ARGV[2] .. ':history:' .. ARGV[d]}) do
    for c = 1, #columns do out[#out + 1] = tonumber(redis.call('HGET', key, columns[c]) or '0') or 0 end
  end
  visitors[#visitors + 1] = ARGV[1] .. 'visitors:' .. ARGV[d]
  out[#out + 1] = redis.call('PFCOUNT', visitors[#visitors])
end
out[#out + 1] = #visitors == 0 and 0 or redis.call('PFCOUNT', unpack(visitors))
return out
