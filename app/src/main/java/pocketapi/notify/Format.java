package pocketapi.notify;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import pocketapi.util.JsonText;

/**
 * How a message is posted to each kind of target: a JSON webhook of our own, ntfy (the text, the
 * title in a {@code Title} header), Bark, and the text messages of WeCom, DingTalk and Feishu bots.
 */
public enum Format {
    WEBHOOK, NTFY, BARK, WECOM, DINGTALK, FEISHU;

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    static Format named(String name) {
        for (Format f : values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        return null;
    }

    /** The request that delivers {@code m} to {@code url}. */
    HttpRequest request(URI url, Message m, String userAgent) {
        HttpRequest.Builder r = HttpRequest.newBuilder(url).timeout(TIMEOUT).header("User-Agent", userAgent);
        String whole = m.title() + "\n" + m.text() + (m.url() == null ? "" : "\n" + m.url());
        String body = switch (this) {
            case WEBHOOK -> "{\"event\":" + json(m.event()) + ",\"title\":" + json(m.title()) + ",\"text\":" + json(m.text())
                    + ",\"date\":" + json(m.date().toString()) + ",\"url\":" + (m.url() == null ? "null" : json(m.url()))
                    + (m.day() == null ? "" : ",\"day\":" + m.day()) + "}";
            case NTFY -> m.text() + (m.url() == null ? "" : "\n" + m.url());
            case BARK -> "{\"title\":" + json(m.title()) + ",\"body\":" + json(m.text()) + ",\"group\":\"pocketapi\""
                    + (m.url() == null ? "" : ",\"url\":" + json(m.url())) + "}";
            case WECOM, DINGTALK -> "{\"msgtype\":\"text\",\"text\":{\"content\":" + json(whole) + "}}";
            case FEISHU -> "{\"msg_type\":\"text\",\"content\":{\"text\":" + json(whole) + "}}";
        };
        if (this == NTFY) {
            r.header("Title", header(m.title())).header("Content-Type", "text/plain; charset=utf-8");
        } else {
            r.header("Content-Type", "application/json; charset=utf-8");
        }
        return r.POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
    }

    /** A header value: as it is when printable ASCII, else RFC 2047's encoded word (ntfy reads it). */
    static String header(String value) {
        return value.matches("[ -~]*") ? value
                : "=?UTF-8?B?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    /** A JSON string. */
    static String json(String s) {
        return JsonText.quote(new StringBuilder(s.length() + 2), s).toString();
    }
}
