package pocketapi.holiday;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code --check-holidays PATH}: the parse and the gate that start-up and the updater apply, run
 * offline on a file or a folder of {@code YYYY.json}, one line per year, so an operator can try a
 * file before dropping it into {@code HOLIDAY_DATA_DIR}.
 */
public final class HolidayCheck {
    private HolidayCheck() {
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** @return 0 when every year would be served, 2 otherwise */
    public static int run(Path path, PrintStream out) {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try {
                files.addAll(HolidayData.yearFiles(path));
            } catch (java.io.IOException e) {
                out.println(path + ": cannot list the folder (" + e.getMessage() + ")");
                return 2;
            }
            if (files.isEmpty()) {
                out.println(path + ": no YYYY.json file in this folder");
                return 2;
            }
        } else if (!Files.isRegularFile(path)) {
            out.println(path + ": no such file or folder");
            return 2;
        } else if (!HolidayData.isYearFile(path)) {
            out.println(path + ": a holiday file must be named after its year, e.g. 2027.json");
            return 2;
        } else {
            files.add(path);
        }
        boolean allServed = true;
        TreeMap<Integer, HolidayYear> served = new TreeMap<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            try {
                HolidayYear year = HolidayData.parseFile(file);
                HolidayGate.Verdict v = HolidayGate.check(year);
                String verdict = switch (v.kind()) {
                    case SERVED -> "served";
                    case NOT_PUBLISHED -> "not published yet (a placeholder with no days): not served";
                    case REFUSED -> "refused: " + v.problem();
                };
                out.println(name + ": " + plural(v.daysOff(), "day off", "days off") + ", "
                        + plural(v.makeUpDays(), "make-up day", "make-up days") + ", festivals "
                        + (v.festivals().isEmpty() ? "none" : String.join(" ", v.festivals())) + ": " + verdict);
                if (v.served()) {
                    served.put(year.year(), year);
                } else {
                    allServed = false;
                }
            } catch (HolidayDataException e) {
                out.println(name + ": refused: " + e.problem(file.toString()));
                allServed = false;
            }
        }
        if (allServed) {
            // As start-up would: over the built-in years, contiguous, no date listed twice.
            try {
                TreeMap<Integer, HolidayYear> all = new TreeMap<>();
                for (HolidayYear year : HolidayData.builtIn()) {
                    all.put(year.year(), year);
                }
                all.putAll(served);
                HolidayCalendar calendar = HolidayCalendar.of(all.values(), Set.of(), Clock.systemUTC());
                out.println("with the built-in years: serves " + calendar.first() + " to " + calendar.last());
            } catch (HolidayDataException e) {
                out.println("with the built-in years: refused: " + e.getMessage());
                allServed = false;
            }
        }
        return allServed ? 0 : 2;
    }
}
