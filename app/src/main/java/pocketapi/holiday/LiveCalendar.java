package pocketapi.holiday;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The calendar being served. A change replaces the whole immutable {@link HolidayCalendar} in one
 * atomic step, so a request that reads it once sees the old or the new calendar, never a mix.
 * Thread-safe.
 */
public final class LiveCalendar implements Supplier<HolidayCalendar> {
    private final AtomicReference<HolidayCalendar> current;
    private volatile HolidaySources sources = HolidaySources.NONE;

    public LiveCalendar(HolidayCalendar initial) {
        this.current = new AtomicReference<>(initial);
    }

    /** The calendar to answer one request from: read it once per request. */
    @Override
    public HolidayCalendar get() {
        return current.get();
    }

    /** Serves {@code next} from now on. */
    public void set(HolidayCalendar next) {
        current.set(next);
    }

    /** Where the served years come from and what is held back (the page shows it; it may lag a round). */
    public HolidaySources sources() {
        return sources;
    }

    public void setSources(HolidaySources next) {
        sources = next;
    }
}
