package pocketapi.holiday.update;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;
import pocketapi.holiday.HongKong;
import pocketapi.holiday.LunarCalendar;
import pocketapi.holiday.Macau;
import pocketapi.holiday.Region;
import pocketapi.holiday.Utc8;
import pocketapi.holiday.source.HolidayData;
import pocketapi.holiday.source.HolidayFile;
import pocketapi.holiday.source.RegionFiles;
import pocketapi.holiday.source.Regions;
import pocketapi.logging.LogText;

/**
 * Keeps the regions' calendars current while the service runs, for the regions asked for (a region nobody asks about is
 * never fetched). Every interval it looks at this UTC+8 year and the next (and any year between the covered range and
 * them): Hong Kong's from its list of general holidays ({@code HK_UPDATE_URL}, tried in order), confirmed when its dates
 * are those the General Holidays Ordinance gives ({@link HongKong}); Taiwan's from one mirror of the office calendar
 * ({@code TW_UPDATE_URL}), confirmed when a second, independent one ({@code TW_CONFIRM_URL}) lists the same days off and
 * Saturdays worked. A confirmed year is served at once; one that is not waits HOLIDAY_CONFIRM_WAIT_SECONDS from when it
 * was first seen, then is served with a warning. Macau's from the government's iCalendar ({@code MO_UPDATE_URL}),
 * confirmed when its public holidays are those Ordem Executiva 60/2000 gives ({@link Macau}). What is served is kept in
 * {@code HOLIDAY_CACHE_DIR/<region>/}. One round at a time.
 */
public final class RegionUpdater {
    private static final Logger LOG = LoggerFactory.getLogger(RegionUpdater.class);
    static final long FIRST_CHECK_MILLIS = 10_000;

    /** Where each region's years come from, how often, and how long an unconfirmed one waits. */
    public record Sources(List<URI> hongKong, List<URI> taiwan, List<URI> taiwanConfirm, List<URI> macau, Duration interval,
                          Duration confirmWait) {
        public Sources {
            hongKong = List.copyOf(hongKong);
            taiwan = List.copyOf(taiwan);
            taiwanConfirm = List.copyOf(taiwanConfirm);
            macau = List.copyOf(macau);
        }

        boolean any() {
            return !hongKong.isEmpty() || !taiwan.isEmpty() || !macau.isEmpty();
        }
    }

    private final Regions regions;
    private final Sources sources;
    private final HolidayFetcher fetcher;
    private final Clock clock;
    private final OutcomeLog outcomes = new OutcomeLog(LOG, "region update");
    /** When this round's fetches must be over (System.nanoTime). */
    private long roundEnd;

    public RegionUpdater(Regions regions, Sources sources, HolidayFetcher fetcher, Clock clock) {
        this.regions = regions;
        this.sources = sources;
        this.fetcher = fetcher;
        this.clock = clock;
    }

    /** Schedules the rounds on {@code scheduler} (none when every source is off); returns at once. */
    public void start(ScheduledExecutorService scheduler) {
        if (sources.any()) {
            scheduler.scheduleWithFixedDelay(() -> {
                try {
                    check();
                } catch (RuntimeException e) {
                    LOG.error("region update failed unexpectedly", e);
                }
            }, FIRST_CHECK_MILLIS, sources.interval().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** One round, for each region asked for so far, within a minute. */
    public synchronized void check() {
        roundEnd = fetcher.roundEnd();
        Set<Region> asked = regions.asked();
        if (asked.contains(Region.HK) && !sources.hongKong().isEmpty()) {
            hongKong();
        }
        if (asked.contains(Region.TW) && !sources.taiwan().isEmpty()) {
            taiwan();
        }
        if (asked.contains(Region.MO) && !sources.macau().isEmpty()) {
            macau();
        }
        outcomes.endRound();
    }

    /** The years due: from the year after the covered range (or this year) to next year. */
    private int[] due(Region region) {
        int thisYear = Utc8.today(clock).getYear();
        return new int[] {Math.min(thisYear, regions.get(region).last().getYear() + 1), thisYear + 1};
    }

    /** How a source's file reads. */
    private interface Reader<T> {
        T read(String source, byte[] body) throws HolidayDataException;
    }

    /** A file as read, and where it came from. */
    private record Read<T>(URI url, T value) {
    }

    /** The first of {@code urls} whose answer {@code reader} reads; null when none does (each failure noted). */
    private <T> Read<T> first(List<URI> urls, Reader<T> reader) {
        for (URI url : urls) {
            byte[] body = fetch(url);
            try {
                if (body != null) {
                    return new Read<>(url, reader.read(url.toString(), body));
                }
            } catch (HolidayDataException e) {
                outcomes.note(url, "refused: " + e.problem());
            }
        }
        return null;
    }

    private void hongKong() {
        Read<Map<Integer, Map<LocalDate, String>>> list = first(sources.hongKong(), RegionFiles::hongKong);
        int[] due = due(Region.HK);
        for (int year = due[0]; list != null && year <= due[1]; year++) {
            URI from = list.url();
            Map<LocalDate, String> general = list.value().get(year);
            if (general == null && served(Region.HK, year)) {
                continue;  // a year served already, not in this list (it keeps about three years)
            } else if (general == null) {
                outcomes.note(from, "not published yet: no general holidays of " + year + " listed");
                break;  // the years stay contiguous
            }
            Set<LocalDate> rules = HongKong.generalHolidays(year, LunarCalendar.get()).keySet();
            TreeSet<LocalDate> differ = new TreeSet<>(rules);
            differ.addAll(general.keySet());
            differ.removeIf(d -> rules.contains(d) && general.containsKey(d));
            if (!decide(Region.HK, RegionFiles.holidays(from.toString(), year, general), from, differ.isEmpty()
                    ? "the General Holidays Ordinance's rules" : null, "its dates differ from the General Holidays "
                    + "Ordinance's rules on " + LogText.first(List.copyOf(differ), 5))) {
                break;
            }
        }
    }

    /**
     * Macau's years from the government's iCalendar: its public holidays, the civil service's days left out (by their
     * summary, 補假 or 下午, and by the rules that give them), confirmed when they are the ordinance's. A confirmed year
     * is named as the built-in ones are; one that is not keeps each extra day's own summary.
     */
    private void macau() {
        Read<Map<Integer, Map<LocalDate, String>>> list = first(sources.macau(), RegionFiles::iCalendar);
        int[] due = due(Region.MO);
        LunarCalendar lunar = LunarCalendar.get();
        for (int year = due[0]; list != null && year <= due[1]; year++) {
            URI from = list.url();
            Map<LocalDate, String> events = list.value().get(year);
            if (events == null && served(Region.MO, year)) {
                continue;
            } else if (events == null) {
                outcomes.note(from, "not published yet: no public holidays of " + year + " listed");
                break;
            }
            Set<LocalDate> civil = new TreeSet<>(Macau.compensatory(year, lunar).keySet());
            civil.addAll(Macau.afternoons(year, lunar));
            Map<LocalDate, String> rules = Macau.publicHolidays(year, lunar);
            Map<LocalDate, String> off = new java.util.TreeMap<>();
            events.forEach((d, summary) -> {
                if (!civil.contains(d) && !summary.contains("補假") && !summary.contains("下午") && !summary.contains("豁免")) {
                    off.put(d, rules.getOrDefault(d, summary));
                }
            });
            TreeSet<LocalDate> differ = new TreeSet<>(rules.keySet());
            differ.addAll(off.keySet());
            differ.removeIf(d -> rules.containsKey(d) && off.containsKey(d));
            if (!decide(Region.MO, RegionFiles.holidays(from.toString(), year, off), from, differ.isEmpty()
                    ? "Ordem Executiva 60/2000's rules" : null, "its dates differ from Ordem Executiva 60/2000's rules on "
                    + LogText.first(List.copyOf(differ), 5))) {
                break;
            }
        }
    }

    private void taiwan() {
        int[] due = due(Region.TW);
        for (int year = due[0]; year <= due[1]; year++) {
            String file = "/" + year + ".json";
            int y = year;
            Read<Map<LocalDate, String>> read = first(sources.taiwan().stream().map(base -> URI.create(base + file)).toList(),
                    (source, body) -> RegionFiles.taiwanEveryDay(source, y, body));
            if (read == null && served(Region.TW, year)) {
                continue;
            } else if (read == null) {
                break;  // the years stay contiguous
            }
            Map<LocalDate, String> listed = read.value();
            URI from = read.url();
            String confirmedBy = null;
            String why = "no confirming mirror has " + year;
            for (URI base : sources.taiwanConfirm()) {
                URI url = URI.create(base + "/" + year + "/holidays.json");
                byte[] off = fetch(url);
                byte[] worked = off == null ? null : fetch(URI.create(base + "/" + year + "/makeup-workdays.json"));
                try {
                    // Both files or none: a days-off list without its Saturdays worked confirms nothing.
                    Map<LocalDate, String> confirm = worked == null ? null : RegionFiles.taiwanLists(url.toString(), year,
                            off, worked);
                    if (confirm != null && confirm.keySet().equals(listed.keySet()) && worked(confirm).equals(worked(listed))) {
                        confirmedBy = url.toString();
                        break;
                    }
                    why = confirm == null ? why : url + " lists other days";
                } catch (HolidayDataException e) {
                    outcomes.note(url, "refused: " + e.problem());
                }
            }
            if (!decide(Region.TW, RegionFiles.taiwan(from.toString(), year, listed), from, confirmedBy, why)) {
                break;
            }
        }
    }

    private boolean served(Region region, int year) {
        return regions.get(region).years().containsKey(year);
    }

    private static Set<LocalDate> worked(Map<LocalDate, String> listed) {
        Set<LocalDate> worked = new TreeSet<>();
        listed.forEach((d, name) -> {
            if (name.isEmpty()) {
                worked.add(d);
            }
        });
        return worked;
    }

    /** The body, or null (the failure noted). */
    private byte[] fetch(URI url) {
        HolidayFetcher.Result result = fetcher.fetch(url, roundEnd);
        if (result instanceof HolidayFetcher.Body body) {
            return body.bytes();
        }
        HolidayFetcher.Failure failure = (HolidayFetcher.Failure) result;
        if (failure.noAnswer()) {
            outcomes.noAnswer(url, failure.reason());
        } else {
            outcomes.note(url, failure.reason().equals("answered HTTP 404") ? "not published yet (answered HTTP 404)"
                    : failure.reason());
        }
        return null;
    }

    /**
     * What becomes of a year read from a source, by the one trust rule: a year already served (built in, or fetched
     * before) changes only when confirmed ({@code confirmedBy}); an unconfirmed difference is logged, not served. A year
     * new to the service is served when confirmed, else once HOLIDAY_CONFIRM_WAIT_SECONDS have passed since it was first
     * seen, with a warning. True when the year is served after this (in the old version or the new).
     */
    private boolean decide(Region region, HolidayYear year, URI url, String confirmedBy, String why) {
        // Hong Kong's one file holds several years: each is its own outcome, logged when it changes.
        URI from = url.getPath().endsWith(year.year() + ".json") ? url : URI.create(url + "#" + year.year());
        HolidayCache cache = new HolidayCache(regions.cache(region), clock);
        HolidayCalendar now = regions.get(region);
        HolidayYear served = now.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            outcomes.note(from, "ok, unchanged");
            return true;
        }
        if (served != null && confirmedBy == null) {
            outcomes.note(from, "differs from the " + (served.source().startsWith(HolidayData.BUILT_IN) ? "built-in" : "served")
                    + " year on " + LogText.first(List.copyOf(changed(served, year)), 5) + ", unconfirmed (" + why
                    + "): not served; a year already served changes only when confirmed");
            return true;
        }
        Instant at = clock.instant();
        Instant until = cache.firstSeen(year.year(), at).plus(sources.confirmWait());
        if (confirmedBy == null && at.isBefore(until)) {
            outcomes.note(from, "waiting for confirmation until " + LocalDateTime.ofInstant(until, Utc8.OFFSET).withNano(0)
                    .toString().replace('T', ' ') + " UTC+8: " + why);
            return false;
        }
        try {
            regions.offer(region, year);
            cache.write(year.year(), HolidayFile.write(year));
        } catch (HolidayDataException | java.io.IOException e) {
            outcomes.note(from, "cannot be served: " + e.getMessage());
            return false;
        }
        outcomes.note(from, "ok");
        if (confirmedBy != null) {
            LOG.info("{} holidays {} {} from {}, confirmed by {}", region.english(), year.year(),
                    served == null ? "added" : "changed", url, confirmedBy);
        } else {
            LOG.warn("{} holidays {} added from {} unconfirmed after waiting {}: {}", region.english(), year.year(), url,
                    LogText.duration(sources.confirmWait()), why);
        }
        return true;
    }

    /** The dates whose entry differs between two versions of a year. */
    private static Set<LocalDate> changed(HolidayYear before, HolidayYear after) {
        Map<LocalDate, ListedDay> old = before.byDate();
        Map<LocalDate, ListedDay> now = after.byDate();
        Set<LocalDate> dates = new TreeSet<>(old.keySet());
        dates.addAll(now.keySet());
        dates.removeIf(d -> java.util.Objects.equals(old.get(d), now.get(d)));
        return dates;
    }
}
