package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.javalin.http.Context;
import pocketapi.holiday.Day;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * {@code GET /api/holidays}: the JSON day record, or {@code type=pithy} / {@code type=alarm} text.
 * Every answer of the covered range is rendered once, at construction; a request only looks it up.
 */
final class HolidayEndpoint {
    private final HolidayCalendar calendar;
    private final LocalDate first;
    private final byte[][] json;
    private final byte[][] pithy;
    private final byte[][] alarm;

    @JsonPropertyOrder({"date", "year", "month", "day", "status", "isHoliday", "isWorkday", "name"})
    record DayRecord(String date, int year, int month, int day, String status,
                     @JsonProperty("isHoliday") boolean isHoliday,
                     @JsonProperty("isWorkday") boolean isWorkday, String name) {
        static DayRecord of(Day d) {
            return new DayRecord(d.date().toString(), d.date().getYear(), d.date().getMonthValue(),
                    d.date().getDayOfMonth(), d.status().wire(), d.status() == DayStatus.TURE,
                    d.status() == DayStatus.WORKER, d.name());
        }
    }

    HolidayEndpoint(HolidayCalendar calendar) {
        this.calendar = calendar;
        this.first = calendar.first();
        var days = calendar.days();
        json = new byte[days.size()][];
        pithy = new byte[days.size()][];
        alarm = new byte[days.size()][];
        for (int i = 0; i < days.size(); i++) {
            Day day = days.get(i);
            json[i] = Responses.toJson(DayRecord.of(day));
            pithy[i] = day.status().wire().getBytes(StandardCharsets.US_ASCII);
            alarm[i] = day.alarm().wire().getBytes(StandardCharsets.US_ASCII);
        }
    }

    void handle(Context ctx) {
        LocalDate date = HolidayQuery.date(ctx.queryParamMap(), calendar);
        int i = (int) (date.toEpochDay() - first.toEpochDay());
        String type = ctx.queryParam("type");
        if ("pithy".equals(type)) {
            Responses.text(ctx, pithy[i]);
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, alarm[i]);
        } else {
            Responses.json(ctx, json[i]);
        }
    }
}
