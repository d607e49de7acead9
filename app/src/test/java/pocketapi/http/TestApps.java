package pocketapi.http;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import io.javalin.Javalin;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayData;
import pocketapi.holiday.HolidayDataException;

/** The production wiring ({@link HttpApi#create}) with test inputs: built-in data, a chosen clock. */
final class TestApps {
    private TestApps() {
    }

    static HolidayCalendar calendar(Clock clock) {
        try {
            return HolidayData.load(Optional.empty(), clock);
        } catch (HolidayDataException e) {
            throw new IllegalStateException(e);
        }
    }

    static Javalin app() {
        return app(Clock.systemUTC());
    }

    static Javalin app(Clock clock) {
        return HttpApi.create(calendar(clock));
    }

    static Clock at(String instant) {
        return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
    }
}
