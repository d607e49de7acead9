package pocketapi.notify;

import java.time.LocalDate;

/**
 * One message to a target.
 *
 * @param event {@code year}, {@code eve}, {@code ending} or {@code test}
 * @param date  the date it is about (the day for {@code eve}, 1 January for {@code year})
 * @param url   a link to the answer on PUBLIC_URL, or null
 * @param day   for {@code eve}, the JSON record of /api/holidays/detail for the day; else null
 */
public record Message(String event, String title, String text, LocalDate date, String url, String day) {
}
