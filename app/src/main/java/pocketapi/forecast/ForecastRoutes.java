package pocketapi.forecast;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import pocketapi.common.Cache;
import pocketapi.holidays.Break;
import pocketapi.holidays.DayRoutes;
import pocketapi.holidays.Forecasts;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.PlanningRoutes;
import pocketapi.web.Query;
import pocketapi.web.Responses;

/**
 * {@code /api/holidays/forecast}: a year's likely arrangement from the law alone ({@link Forecast}), in the shape of
 * {@code /api/holidays/year}, marked as a forecast, each date {@code certain} when the law fixes it. The answers asked
 * for last are kept, by year and whether it is published (a pure function of both). Thread-safe.
 */
final class ForecastRoutes {
    private final DayRoutes days;
    private final Forecasts forecasts;
    private final Cache<Integer, byte[]> answers = new Cache<>(8);

    ForecastRoutes(DayRoutes days, Forecasts forecasts) {
        this.days = days;
        this.forecasts = forecasts;
    }

    /**
     * A year's forecast, as {@code /api/holidays/forecast} answers it: {@code published} when its notice is in the
     * data.
     */
    @JsonClassDescription("A year's likely arrangement from the law alone, in the shape of /api/holidays/year.")
    record ForecastYear(
            int year,

            @JsonPropertyDescription("Always true: this is a forecast, not the notice.")
            boolean forecast,

            @JsonPropertyDescription("Whether the year's notice is in the data (then /api/holidays/year has it).")
            boolean published,

            List<ForecastBreak> breaks) {}

    /**
     * A forecast break: the fields of {@link PlanningRoutes.YearBreak}, then each of its dates, certain when the law
     * fixes it.
     */
    @JsonPropertyOrder({"name", "start", "end", "days", "makeUpDays", "statutory", "inLieu"})
    @JsonClassDescription("A forecast break: a break's fields, then each of its dates.")
    record ForecastBreak(@JsonUnwrapped PlanningRoutes.YearBreak brk, List<Guess> dates) {}

    @JsonClassDescription(
            "A date of a forecast break: ture (off) or worker (a make-up working day), and whether the law "
                    + "fixes it (certain) or it is the likely arrangement.")
    record Guess(String date, String status, boolean certain) {}

    /**
     * A year's likely arrangement from the law alone ({@code y}; default next year, or this year while its notice is
     * not in the data): see {@link Forecast}.
     */
    void forecast(Context ctx, Query q) {
        days.forecastOnly(q, "/api/holidays/forecast");
        HolidayCalendar official = days.official();
        Integer y = q.get(DayRoutes.Y);
        int thisYear = official.today().getYear();
        int year = y != null ? y : official.years().containsKey(thisYear) ? thisYear + 1 : thisYear;
        if (!Forecast.covers(year)) {
            throw new BadRequestResponse((y == null ? "the default year, " + year + "," : "y=" + q.sent(DayRoutes.Y))
                    + " has no forecast: it covers " + Forecast.FIRST + " (the law as revised in 2024) to "
                    + LunarCalendar.LAST.getYear() + " (the lunar table)");
        }
        ctx.contentType(Responses.JSON).result(answer(year));
    }

    /** The forecast of a year the forecast covers, as JSON. */
    byte[] answer(int year) {
        boolean published = days.official().years().containsKey(year);
        return answers.get(year * 2 + (published ? 1 : 0), k -> render(year, published));
    }

    private byte[] render(int year, boolean published) {
        List<ForecastBreak> breaks = new ArrayList<>();
        for (Break b : forecasts.calendar(year).arrangement(year)) {
            List<Guess> dates = new ArrayList<>();
            for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                dates.add(new Guess(d.toString(), "ture", b.statutory().contains(d)));
            }
            for (LocalDate d : b.makeUpDays()) {
                dates.add(new Guess(d.toString(), "worker", false));
            }
            dates.sort(Comparator.comparing(Guess::date));
            breaks.add(new ForecastBreak(PlanningRoutes.YearBreak.of(b), dates));
        }
        return Responses.bytes(new ForecastYear(year, true, published, breaks));
    }
}
