package pocketapi.holidays;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The calendar being served: a request reads it once ({@link #get}); a change replaces the whole immutable
 * {@link HolidayCalendar} in one atomic step ({@link #set}), so a request sees the old or the new calendar, never a
 * mix. Thread-safe.
 */
public final class LiveCalendar extends AtomicReference<HolidayCalendar> implements Supplier<HolidayCalendar> {
    private static final long serialVersionUID = 1L;
    private transient volatile HolidaySources sources = HolidaySources.NONE;

    public LiveCalendar(HolidayCalendar initial) {
        super(initial);
    }

    /** Where the served years come from and what is held back (the page shows it; it may lag a round). */
    public HolidaySources sources() {
        return sources;
    }

    public void setSources(HolidaySources next) {
        sources = next;
    }
}
