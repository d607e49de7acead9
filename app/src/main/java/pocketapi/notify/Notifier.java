package pocketapi.notify;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.common.Utc8;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.Mainland;
import pocketapi.holidays.OwnCalendar;
import pocketapi.holidays.Region;
import pocketapi.logging.Throttle;

/**
 * Tells NOTIFY_URLS' targets, never on a request's path: a year published, changed or withdrawn ({@code year}); the
 * evening before a day that breaks the week ({@code eve}, at the target's {@code at}, UTC+8); from 1 December, next
 * year missing ({@code ending}). Each message is sent at most once per target, remembered in the state file
 * ({@link NotifyState}), so a restart neither repeats nor skips one; an {@code eve} missed while the service was down
 * is sent on start until midnight, then dropped. A failed delivery is tried again after 1, 2, 4 … minutes for up to an
 * hour, then dropped; a failing target is logged at most once an hour, by host. Runs on the service's background
 * scheduler every {@value #TICK_SECONDS} s, one round at a time (rounds are synchronized).
 */
public final class Notifier {
    private static final Logger LOG = LoggerFactory.getLogger(Notifier.class);
    static final long TICK_SECONDS = 30;
    private static final long HOUR = 3_600_000;

    /** Delivers a message; returns the HTTP status. */
    public interface Sender {
        int send(Target target, Message message) throws IOException, InterruptedException;
    }

    private final List<Target> targets;
    private final Supplier<HolidayCalendar> official;
    /** The other regions' calendars (read on first use: only a target's region is ever read). */
    private final Function<Region, HolidayCalendar> regions;

    private final Supplier<Map<String, OwnCalendar>> named;
    private final String publicUrl;
    private final Clock clock;
    private final BiFunction<HolidayCalendar, LocalDate, String> detail;
    private final Sender sender;
    private final NotifyState state;
    /** Per target and key: {first attempt, next attempt} in epoch millis. */
    private final Map<String, long[]> retries = new HashMap<>();
    /** Deliveries that worked and that failed, by the target's kind (ntfy, bark, webhook …): for /metrics. */
    private final Map<String, AtomicLong> sent = new ConcurrentHashMap<>();

    private final Map<String, AtomicLong> failed = new ConcurrentHashMap<>();

    private final Throttle failing;

    public Notifier(
            List<Target> targets,
            Supplier<HolidayCalendar> official,
            Function<Region, HolidayCalendar> regions,
            Supplier<Map<String, OwnCalendar>> named,
            Optional<String> publicUrl,
            Path stateFile,
            Clock clock,
            BiFunction<HolidayCalendar, LocalDate, String> detail,
            Sender sender) {
        this.targets = targets;
        this.official = official;
        this.regions = regions;
        this.named = named;
        this.publicUrl = publicUrl.orElse(null);
        this.clock = clock;
        this.detail = detail;
        this.sender = sender;
        this.state = NotifyState.load(stateFile);
        this.failing = Throttle.per(HOUR, clock::millis);
    }

    /** A sender over HTTP: 10 s time-outs, redirects not followed. */
    public static Sender http(String userAgent) {
        HttpClient client = HttpClient.newBuilder()
                .connectTimeout(Format.TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        return (target, message) -> client.send(
                        target.format().request(target.url(), message, userAgent),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    /** Ticks now and then every {@value #TICK_SECONDS} s on {@code background}. */
    public void start(ScheduledExecutorService background) {
        Jobs.every(background, "the notifications' round", Duration.ZERO, Duration.ofSeconds(TICK_SECONDS), this::tick);
    }

    /** One round: what is due, sent; what was sent, saved. */
    synchronized void tick() {
        LocalDate today = Utc8.today(clock);
        Map<Region, HolidayCalendar> calendars = new LinkedHashMap<>();
        calendars.put(Mainland.CN, official.get());
        targets.forEach(t -> calendars.computeIfAbsent(t.region(), regions));
        calendars.forEach((region, calendar) -> yearEvents(region, calendar, today));
        int minute = LocalTime.ofInstant(clock.instant(), Utc8.OFFSET).toSecondOfDay() / 60;
        for (Target t : targets) {
            HolidayCalendar calendar = calendars.get(t.region());
            List<String> due = new ArrayList<>(state.due(t.id()));
            if (t.events().contains(Target.Event.EVE) && minute >= t.at()) {
                due.add("eve:" + today.plusDays(1));
            }
            if (t.events().contains(Target.Event.ENDING)
                    && today.getMonthValue() == 12
                    && !calendar.years().containsKey(today.getYear() + 1)) {
                due.add("ending:" + (today.getYear() + 1));
            }
            for (String key : due) {
                if (!state.sent(t.id(), key)) {
                    deliver(t, key, calendar, today);
                }
            }
        }
        state.forget(today.minusDays(40));
        state.save();
    }

    /** Years published, changed or withdrawn since the last round become due for every target that wants them. */
    private void yearEvents(Region region, HolidayCalendar calendar, LocalDate today) {
        boolean first = state.fresh(region);
        NavigableMap<Integer, String> known = state.known(region);
        for (int year : calendar.years().tailMap(today.getYear(), true).keySet()) {
            String fp = Events.fingerprint(calendar, year);
            String was = known.get(year);
            if (!first && !fp.equals(was)) {
                due(region, "year:" + year + ":" + fp + (was == null ? ":new" : ":changed"));
            }
            known.put(year, fp);
        }
        for (int year : new ArrayList<>(known.keySet())) {
            if (!calendar.years().containsKey(year)) {
                if (!calendar.disputed(year).isEmpty()) {
                    due(region, "year:" + year + ":withdrawn");
                }
                known.remove(year);
            }
        }
        if (region.isDefault()) {
            state.started();
        }
    }

    private void due(Region region, String key) {
        for (Target t : targets) {
            if (t.events().contains(Target.Event.YEAR) && t.region() == region) {
                state.addDue(t.id(), key);
            }
        }
    }

    private void deliver(Target t, String key, HolidayCalendar calendar, LocalDate today) {
        Optional<Message> message = message(t, key, calendar, today);
        if (message.isEmpty()) {
            state.markSent(t.id(), key); // nothing to say (no longer true, or not an event): never again
            return;
        }
        long now = clock.millis();
        long[] retry = retries.computeIfAbsent(t.id() + " " + key, k -> new long[] {now, now});
        if (now < retry[1]) {
            return;
        }
        String why;
        try {
            int status = sender.send(t, message.get());
            if (status / 100 == 2) {
                tally(sent, t);
                state.markSent(t.id(), key);
                retries.remove(t.id() + " " + key);
                return;
            }
            why = "HTTP " + status;
        } catch (IOException e) {
            why = e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        tally(failed, t);
        long waited = now - retry[0];
        retry[1] = now + Math.min(HOUR, Math.max(60_000, 2 * waited));
        if (waited >= HOUR) {
            state.markSent(t.id(), key); // given up: an hour of failures
            retries.remove(t.id() + " " + key);
        }
        if (failing.first(t.id())) {
            LOG.warn(
                    "notifications: {} failed ({}) for {}; {}",
                    t.name(),
                    why,
                    key.replaceFirst(":[0-9a-f]{16}", ""),
                    waited >= HOUR ? "given up after an hour" : "trying again, for up to an hour");
        }
    }

    private static void tally(Map<String, AtomicLong> by, Target t) {
        by.computeIfAbsent(kind(t), k -> new AtomicLong()).incrementAndGet();
    }

    /** A target's kind, as /metrics labels it: its format's name. */
    static String kind(Target t) {
        return t.format().name().toLowerCase(Locale.ROOT);
    }

    /** Deliveries that worked, by kind of target. */
    public Map<String, Long> sent() {
        return counts(sent);
    }

    /** Deliveries that failed (each attempt), by kind of target. */
    public Map<String, Long> failed() {
        return counts(failed);
    }

    private static Map<String, Long> counts(Map<String, AtomicLong> by) {
        Map<String, Long> out = new TreeMap<>();
        by.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** The message a key stands for, if it still holds. */
    private Optional<Message> message(Target t, String key, HolidayCalendar calendar, LocalDate today) {
        String[] k = key.split(":");
        switch (k[0]) {
            case "eve" -> {
                if (!LocalDate.parse(k[1]).equals(today.plusDays(1))) {
                    return Optional.empty(); // missed: after midnight an evening message is dropped
                }
                HolidayCalendar mine = t.calendar() != null && named.get().containsKey(t.calendar())
                        ? calendar.under(named.get().get(t.calendar()))
                        : t.week() != null ? calendar.under(OwnCalendar.of(t.week())) : calendar;
                return Events.eve(mine, today, t.english(), publicUrl, detail);
            }
            case "ending" -> {
                int next = Integer.parseInt(k[1]);
                return calendar.years().containsKey(next)
                        ? Optional.empty()
                        : Optional.of(Events.ending(next, t.english(), publicUrl, t.region()));
            }
            case "year" -> {
                int year = Integer.parseInt(k[1]);
                if (k[2].equals("withdrawn")) {
                    return calendar.years().containsKey(year)
                            ? Optional.empty()
                            : Optional.of(Events.withdrawn(year, t.english(), publicUrl, t.region()));
                }
                return calendar.years().containsKey(year)
                                && Events.fingerprint(calendar, year).equals(k[2])
                        ? Optional.of(Events.year(calendar, year, k[3].equals("changed"), t.english(), publicUrl))
                        : Optional.empty(); // changed again since: a newer key says so
            }
            default -> {
                return Optional.empty();
            }
        }
    }
}
