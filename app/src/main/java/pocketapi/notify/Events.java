package pocketapi.notify;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import pocketapi.holidays.Break;
import pocketapi.holidays.Day;
import pocketapi.holidays.Festival;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.Region;

/** The messages, as pure functions of a calendar and a date: what the events say, in Chinese or English. */
final class Events {

    private Events() {}

    /**
     * The evening message for the day after {@code today}, when that day breaks the week under {@code calendar}: a
     * Saturday or Sunday worked, or the first day of a break.
     */
    static Optional<Message> eve(
            HolidayCalendar calendar,
            LocalDate today,
            boolean en,
            String publicUrl,
            BiFunction<HolidayCalendar, LocalDate, String> detail) {
        LocalDate d = today.plusDays(1);
        if (!calendar.covers(d)) {
            return Optional.empty();
        }
        Day day = calendar.classify(d);
        String url = publicUrl == null ? null : publicUrl + "/api/holidays/detail?date=" + d;
        if (Day.weekend(d) && day.working()) {
            String name = day.name() == null ? "" : day.name();
            return Optional.of(new Message(
                    "eve",
                    en ? "Working tomorrow" : "明天上班",
                    en
                            ? "Tomorrow (" + d.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + ", " + d
                                    + ") is a working day" + (name.isEmpty() ? "." : ": " + english(name) + ".")
                            : "明天（" + d.getMonthValue() + "月" + d.getDayOfMonth() + "日 " + Day.weekday(d) + "）上班"
                                    + (name.isEmpty() ? "" : "：" + name),
                    d,
                    url,
                    detail.apply(calendar, d)));
        }
        Break b = day.brk();
        if (!day.working() && b != null && b.start().equals(d)) {
            return Optional.of(new Message(
                    "eve",
                    en ? "Off from tomorrow" : "明天起放假",
                    en
                            ? "Off from tomorrow: " + english(b.name()) + ", " + b.start() + " to " + b.end() + ", "
                                    + b.days() + (b.days() == 1 ? " day." : " days.")
                            : "明天起放假：" + b.name() + " " + span(b) + "，共" + b.days() + "天",
                    d,
                    url,
                    detail.apply(calendar, d)));
        }
        return Optional.empty();
    }

    /** {@code 10月1日–7日}, {@code 12月31日–1月2日}. */
    static String span(Break b) {
        String first = b.start().getMonthValue() + "月" + b.start().getDayOfMonth() + "日";
        if (b.start().equals(b.end())) {
            return first;
        }
        return first + "–"
                + (b.end().getMonthValue() == b.start().getMonthValue()
                        ? ""
                        : b.end().getMonthValue() + "月") + b.end().getDayOfMonth() + "日";
    }

    private static String english(String name) {
        String english = Festival.english(name.replace("调休", ""));
        return name.endsWith("调休") ? english + " make-up working day" : english;
    }

    /** A year's arrangement published for the first time ({@code changed} false) or changed. */
    static Message year(HolidayCalendar calendar, int year, boolean changed, boolean en, String publicUrl) {
        List<String> breaks = new ArrayList<>();
        for (Break b : calendar.arrangement(year)) {
            breaks.add(en ? english(b.name()) + " " + b.start() + " to " + b.end() : b.name() + " " + span(b));
        }
        Region r = calendar.region();
        String title = en
                ? "The " + year + " holiday arrangement" + label(r, true) + (changed ? " has changed" : " is out")
                : year + "年放假安排" + label(r, false) + (changed ? "有变" : "已发布");
        String text = en
                ? title + ": " + String.join(", ", breaks) + "."
                : year + "年放假安排" + label(r, false) + (changed ? "（有变）" : "") + "：" + String.join("，", breaks) + "。";
        return new Message("year", title, text, LocalDate.of(year, 1, 1), link(publicUrl, year, r), null);
    }

    /** A year no longer served: the sources disagree on it (or it was withdrawn). */
    static Message withdrawn(int year, boolean en, String publicUrl, Region r) {
        return new Message(
                "year",
                en
                        ? "The " + year + " holiday arrangement" + label(r, true) + " is withdrawn"
                        : year + "年放假安排" + label(r, false) + "已撤回",
                en
                        ? "The sources disagree on " + year
                                + "'s arrangement, so it is not served until they agree again."
                        : "两个数据源对" + year + "年的放假安排不一致，暂不提供，一致后会再通知。",
                LocalDate.of(year, 1, 1),
                link(publicUrl, year, r),
                null);
    }

    /** From 1 December: next year's arrangement is not in the data. */
    static Message ending(int next, boolean en, String publicUrl, Region r) {
        return new Message(
                "ending",
                en
                        ? "Next year's holidays" + label(r, true) + " are not in the data yet"
                        : next + "年放假安排" + label(r, false) + "尚未取得",
                en
                        ? "The " + next + " holiday arrangement is not in the data yet: from 1 January, dates of "
                                + next + " are answered 400 until it is published and fetched."
                        : next + "年的放假安排还不在数据中：1月1日起，" + next + "年的日期会回答 400，直到安排发布并被取得。",
                LocalDate.of(next, 1, 1),
                link(publicUrl, next, r),
                null);
    }

    /** The message of {@code --notify-test}. */
    static Message test(LocalDate today, boolean en) {
        return new Message(
                "test",
                en ? "pocketapi test" : "pocketapi 测试",
                en ? "A test message: this target works." : "测试消息：这个通知目标可用。",
                today,
                null,
                null);
    }

    private static String link(String publicUrl, int year, Region r) {
        return publicUrl == null
                ? null
                : publicUrl + "/api/holidays/year?y=" + year + (r.isDefault() ? "" : "&region=" + r.code());
    }

    /** A region's name after "arrangement": nothing for the mainland, {@code （香港）} or {@code (Hong Kong)}. */
    private static String label(Region r, boolean en) {
        return r.isDefault() ? "" : en ? " (" + r.english() + ")" : "（" + r.chinese() + "）";
    }

    /** What a year's arrangement is, in 16 hex digits: its breaks' names, dates and make-up days. */
    static String fingerprint(HolidayCalendar calendar, int year) {
        StringBuilder all = new StringBuilder();
        for (Break b : calendar.arrangement(year)) {
            all.append(b.name())
                    .append(b.start())
                    .append(b.end())
                    .append(b.makeUpDays())
                    .append(';');
        }
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256")
                                    .digest(all.toString().getBytes(StandardCharsets.UTF_8)),
                            0,
                            8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
