package pocketapi.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import pocketapi.files.Json;

/**
 * How a message is posted to each kind of target: a JSON webhook of our own, ntfy (the text, the title in a
 * {@code Title} header), Bark, and the text messages of WeCom, DingTalk and Feishu bots.
 */
public enum Format {
    WEBHOOK,
    NTFY,
    BARK,
    WECOM,
    DINGTALK,
    FEISHU;

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
        String body = this == NTFY
                ? m.text() + (m.url() == null ? "" : "\n" + m.url())
                : json(
                        switch (this) {
                            case WEBHOOK ->
                                new Webhook(
                                        m.event(), m.title(), m.text(), m.date().toString(), m.url(), m.day());
                            case BARK -> new Bark(m.title(), m.text(), "pocketapi", m.url());
                            case WECOM, DINGTALK -> new BotText("text", new Content(whole));
                            default -> new FeishuText("text", new FeishuContent(whole));
                        });
        if (this == NTFY) {
            r.header("Title", header(m.title())).header("Content-Type", "text/plain; charset=utf-8");
        } else {
            r.header("Content-Type", "application/json; charset=utf-8");
        }
        return r.POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build();
    }

    /** A header value: as it is when printable ASCII, else RFC 2047's encoded word (ntfy reads it). */
    static String header(String value) {
        return value.matches("[ -~]*")
                ? value
                : "=?UTF-8?B?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    /** Our webhook's body: {@code day}, the /api/holidays/detail record of the day an evening message is about. */
    record Webhook(
            String event,
            String title,
            String text,
            String date,
            String url,

            @JsonRawValue @JsonInclude(JsonInclude.Include.NON_NULL)
            String day) {}

    record Bark(
            String title,
            String body,
            String group,
            @JsonInclude(JsonInclude.Include.NON_NULL) String url) {}

    /** WeCom's and DingTalk's text message. */
    record BotText(String msgtype, Content text) {}

    record Content(String content) {}

    record FeishuText(@JsonProperty("msg_type") String msgType, FeishuContent content) {}

    record FeishuContent(String text) {}

    private static String json(Object body) {
        try {
            return Json.mapper().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a message's record is always serializable", e);
        }
    }
}
