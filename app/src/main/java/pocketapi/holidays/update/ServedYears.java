package pocketapi.holidays.update;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Utc8;
import pocketapi.holidays.Confirmation;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayGate;
import pocketapi.holidays.HolidaySources;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.HolidayFile;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * What the updater's decisions do to what is served and remembered: a year applied goes into the {@link HolidayCache}
 * (confirmed or not) and the {@link LiveCalendar}; a withdrawn one leaves both; a year held back is remembered with its
 * reason; where each year comes from is published for the page; and once a UTC+8 day, while the covered range ends
 * within {@value #WARN_DAYS} days or has ended, a warning says where next year stands. Logged under
 * {@link HolidayUpdater}'s name, which an operator looks for. Used by the updater's one thread.
 */
final class ServedYears {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    private static final String REMEDY = "check the State Council's notice (gov.cn), and put the file you trust into "
            + "HOLIDAY_DATA_DIR (then restart)";

    static final int WARN_DAYS = 30;

    private final LiveCalendar live;
    private final HolidayCache cache;
    private final Set<Integer> pinned;
    private final HolidayUpdater.Sources sources;
    private final Clock clock;
    private final TreeMap<Integer, String> held = new TreeMap<>();
    private final Throttle warned;

    ServedYears(
            LiveCalendar live, HolidayCache cache, Set<Integer> pinned, HolidayUpdater.Sources sources, Clock clock) {
        this.live = live;
        this.cache = cache;
        this.pinned = Set.copyOf(pinned);
        this.sources = sources;
        this.clock = clock;
        this.warned = Throttle.per(1, () -> Utc8.epochDay(clock));
    }

    Set<Integer> pinned() {
        return pinned;
    }

    HolidayCache cache() {
        return cache;
    }

    /** Remembers why {@code year} is held back; null: it is not. */
    void hold(int year, String reason) {
        if (reason == null) {
            held.remove(year);
        } else {
            held.put(year, reason);
        }
    }

    /** Serves a year the review let through, keeps it in the cache and says so. */
    void apply(ChangeReview.Apply a, URI url) {
        HolidayYear year = a.year();
        HolidayYear served = live.get().years().get(year.year());
        try {
            cache.write(year.year(), HolidayFile.write(year));
        } catch (IOException e) {
            LOG.error(
                    "cannot keep holidays {} in the cache {} ({}); serving it until the next restart",
                    year.year(),
                    cache.dir(),
                    e.toString());
        }
        live.set(a.next());
        held.remove(year.year());
        boolean confirmed = !a.confirmedBy().isEmpty() && a.unconfirmed().isEmpty();
        cache.confirmed(year.year(), confirmed ? a.confirmedBy() : null);
        String from = "from " + url + (confirmed ? ", confirmed by " + a.confirmedBy() : "");
        if (served == null) {
            HolidayGate.Verdict v = HolidayGate.check(year);
            LOG.info(
                    "holidays {} added: {} days off, {} make-up days, {}",
                    year.year(),
                    v.daysOff(),
                    v.makeUpDays(),
                    from);
        } else {
            LOG.info(
                    "holidays {} changed: {}; {}",
                    year.year(),
                    LogText.safe(ChangeReview.changes(served, year), LogText.LINE),
                    from);
        }
        if (!a.unconfirmed().isEmpty()) {
            LOG.warn(
                    "holidays {} is served without confirmation, {}; it is checked again every {}",
                    year.year(),
                    LogText.safe(a.unconfirmed(), LogText.LINE),
                    LogText.duration(sources.interval()));
        }
    }

    /** Carries out {@link ChangeReview#withdraw} for a fetched year the confirming source now contradicts. */
    void withdraw(HolidayYear served, List<Confirmation.Dispute> disputes) {
        ChangeReview.Withdrawal plan;
        try {
            plan = ChangeReview.withdraw(live.get(), served, disputes, pinned, HolidayData.builtIn());
        } catch (HolidayDataException e) {
            throw new IllegalStateException("the built-in years are checked when the jar is built", e);
        }
        for (int y : plan.gone()) {
            cache.confirmed(y, null);
            try {
                cache.remove(y);
            } catch (IOException e) {
                LOG.error(
                        "cannot remove holidays {} from the cache {} ({}); a restart may serve it until the next round",
                        y,
                        cache.dir(),
                        e.toString());
            }
        }
        if (plan.next() != null) {
            live.set(plan.next());
            held.remove(served.year());
        }
        warnDaily(served.year() + " " + Confirmation.dates(disputes), plan.message());
    }

    /** A fetched year the confirming source now agrees with, if it did not before: recorded and logged. */
    void confirmedNow(HolidayYear served, String by) {
        if (origin(served) == HolidaySources.Origin.UNCONFIRMED) {
            cache.confirmed(served.year(), by);
            LOG.info("holidays {} is now confirmed by {}", served.year(), by);
        }
    }

    /** {@code what} with the remedy, once a UTC+8 day for {@code key}. */
    void warnDaily(String key, String what) {
        if (warned.first(key)) {
            LOG.warn("{}; {}", LogText.safe(what, 2 * LogText.LINE), REMEDY);
        }
    }

    /** Whether the served year is one the confirming source may contradict: fetched, with confirmation on. */
    boolean inDoubt(HolidayYear served) {
        HolidaySources.Origin origin = served == null ? null : origin(served);
        return origin == HolidaySources.Origin.CONFIRMED || origin == HolidaySources.Origin.UNCONFIRMED;
    }

    private HolidaySources.Origin origin(HolidayYear year) {
        if (pinned.contains(year.year())) {
            return HolidaySources.Origin.OPERATOR;
        }
        if (year.source().startsWith(HolidayData.BUILT_IN)) {
            return HolidaySources.Origin.BUILT_IN;
        }
        if (sources.confirm().isEmpty()) {
            return HolidaySources.Origin.FETCHED;
        }
        return cache.confirmedBy(year.year()).isPresent()
                ? HolidaySources.Origin.CONFIRMED
                : HolidaySources.Origin.UNCONFIRMED;
    }

    /** Tells the page where each served year comes from and what is held back. */
    void publish() {
        List<HolidaySources.Year> years = new ArrayList<>();
        for (HolidayYear year : live.get().years().values()) {
            years.add(new HolidaySources.Year(year.year(), origin(year)));
        }
        List<String> heldBack = new ArrayList<>();
        held.forEach((year, reason) -> heldBack.add(year + ": " + LogText.safe(reason, LogText.LINE)));
        live.setSources(new HolidaySources(years, heldBack));
    }

    /** The warning of the class comment, once a UTC+8 day. */
    void warnIfEndingSoon() {
        HolidayCalendar calendar = live.get();
        long left = ChronoUnit.DAYS.between(Utc8.today(clock), calendar.last());
        if (left > WARN_DAYS || !warned.first("ending")) {
            return;
        }
        int next = calendar.last().getYear() + 1;
        String when = left >= 0
                ? "ends on " + calendar.last() + ", in " + left + " days"
                : "ended on " + calendar.last() + "; dates after it answer 400";
        String status = calendar.notPublished(next)
                ? next + " is not published yet"
                : held.containsKey(next)
                        ? next + " is held back: " + LogText.safe(held.get(next), LogText.LINE)
                        : next + " has not been fetched yet";
        String remedy = sources.mirrors().isEmpty()
                ? "automatic updates are off (" + sources.offBy() + "): put " + next + ".json into HOLIDAY_DATA_DIR "
                        + "and restart, or turn updates on"
                : "pocketapi checks every " + LogText.duration(sources.interval()) + " and serves " + next + " as soon "
                        + "as it is published; to add it by hand, put " + next
                        + ".json into HOLIDAY_DATA_DIR and restart";
        LOG.warn("holiday data {} ({}): {}", when, status, remedy);
    }
}
