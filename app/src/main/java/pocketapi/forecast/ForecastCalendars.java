package pocketapi.forecast;

import java.time.Clock;
import pocketapi.common.Cache;
import pocketapi.holidays.Forecasts;
import pocketapi.holidays.HolidayCalendar;

/**
 * The forecast calendars {@code forecast=1} answers from ({@link Forecast}), those asked for last kept, by year.
 * Thread-safe.
 */
public final class ForecastCalendars implements Forecasts {
    private final Clock clock;
    private final Cache<Integer, HolidayCalendar> forecasts = new Cache<>(4);

    public ForecastCalendars(Clock clock) {
        this.clock = clock;
    }

    @Override
    public boolean covers(int year) {
        return Forecast.covers(year);
    }

    @Override
    public HolidayCalendar calendar(int year) {
        return forecasts.get(year, y -> Forecast.calendar(y, clock));
    }
}
