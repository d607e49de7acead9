package pocketapi.holiday.update;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.holiday.HolidayCalendar;
import pocketapi.util.Durations;
import pocketapi.util.LogOnce;
import pocketapi.util.LogText;
import pocketapi.util.Utc8;

/**
 * The warning, once a UTC+8 day, while the covered range ends within {@value #WARN_DAYS} days or
 * has ended: where next year stands and what to do. Logged under {@link HolidayUpdater}'s name,
 * which an operator looks for. Used by the updater's one thread.
 */
final class ExpiryWarning {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayUpdater.class);
    static final int WARN_DAYS = 30;

    private final boolean updatesOff;
    private final Duration interval;
    private final Clock clock;
    private final LogOnce daily;

    ExpiryWarning(boolean updatesOff, Duration interval, Clock clock) {
        this.updatesOff = updatesOff;
        this.interval = interval;
        this.clock = clock;
        this.daily = LogOnce.per(1, () -> Utc8.epochDay(clock));
    }

    /** @param held why next year is held back, or null */
    void warnIfEndingSoon(HolidayCalendar calendar, String held) {
        LocalDate today = Utc8.today(clock);
        long left = ChronoUnit.DAYS.between(today, calendar.last());
        if (left > WARN_DAYS || !daily.first("ending")) {
            return;
        }
        int next = calendar.last().getYear() + 1;
        String when = left >= 0 ? "ends on " + calendar.last() + ", in " + left + " days"
                : "ended on " + calendar.last() + "; dates after it answer 400";
        String status = calendar.notPublished(next) ? next + " is not published yet"
                : held != null ? next + " is held back: " + LogText.safe(held, LogText.LINE)
                : next + " has not been fetched yet";
        String remedy = updatesOff
                ? "automatic updates are off (HOLIDAY_UPDATE_URL=off): put " + next + ".json into HOLIDAY_DATA_DIR "
                        + "and restart, or turn updates on"
                : "pocketapi checks every " + Durations.forPeople(interval) + " and serves " + next + " as soon as it "
                        + "is published; to add it by hand, put " + next + ".json into HOLIDAY_DATA_DIR and restart";
        LOG.warn("holiday data {} ({}): {}", when, status, remedy);
    }
}
