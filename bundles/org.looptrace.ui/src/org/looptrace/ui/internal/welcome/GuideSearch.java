// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Help ▸ Search over the guides: the guides whose text holds every word of a query, ignoring case,
 * the guides with the most occurrences first. A word matches inside longer words too ("fold" finds
 * "folding"), as a reader looking for a topic expects.
 */
final class GuideSearch {

	/**
	 * A guide that holds every word of the query.
	 *
	 * @param guide       the guide
	 * @param offset      where the first occurrence of the query's first word starts in the guide's text
	 * @param length      the length of that occurrence
	 * @param line        the line of that occurrence, from 1
	 * @param excerpt     that line, trimmed
	 * @param occurrences how many times the query's words occur in the guide, all words together
	 */
	record Hit(Guides.Guide guide, int offset, int length, int line, String excerpt, int occurrences) {
	}

	/** Longer lines are cut in the excerpt: a table row of a guide can run for hundreds of characters. */
	private static final int EXCERPT_LENGTH = 160;

	private GuideSearch() {
	}

	/** The words of a query: what the user typed, split at white space. */
	static List<String> words(String query) {
		return Arrays.stream(query.strip().split("\\s+")).filter(word -> !word.isEmpty()).toList();
	}

	/**
	 * The guides, among {@code texts} (each guide with its text, in the order the guides are listed),
	 * that hold every word of {@code query}: none for a query without words. Guides with as many
	 * occurrences stay in the order of {@code texts}.
	 */
	static List<Hit> search(String query, Map<Guides.Guide, String> texts) {
		List<Pattern> words = words(query).stream()
				.map(word -> Pattern.compile(Pattern.quote(word), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)).toList();
		List<Hit> hits = new ArrayList<>();
		if (!words.isEmpty()) {
			texts.forEach((guide, text) -> {
				Hit hit = find(guide, text, words);
				if (hit != null) {
					hits.add(hit);
				}
			});
		}
		hits.sort(Comparator.comparingInt(Hit::occurrences).reversed());
		return hits;
	}

	/** The hit of a guide, or null when one of the words is not in its text. */
	private static @Nullable Hit find(Guides.Guide guide, String text, List<Pattern> words) {
		Matcher first = words.get(0).matcher(text);
		if (!first.find()) {
			return null;
		}
		int start = first.start();
		int occurrences = 0;
		for (Pattern word : words) {
			Matcher matcher = word.matcher(text);
			if (!matcher.find()) {
				return null;
			}
			do {
				occurrences++;
			} while (matcher.find());
		}
		int lineStart = text.lastIndexOf('\n', start - 1) + 1;
		int lineEnd = text.indexOf('\n', start);
		String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd).strip();
		String excerpt = line.length() > EXCERPT_LENGTH ? line.substring(0, EXCERPT_LENGTH) + "…" : line;
		int lineNumber = (int) text.substring(0, lineStart).chars().filter(c -> c == '\n').count() + 1;
		return new Hit(guide, start, first.end() - start, lineNumber, excerpt, occurrences);
	}
}
