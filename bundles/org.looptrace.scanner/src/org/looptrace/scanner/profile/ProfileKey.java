// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What a {@link TimeProfile} is read from: the model text, the trace folder and the size and
 * modification time of each of its data traces {@code data.<rank>}. A view keeps the profile of the
 * last key and reads it again only when the key changes.
 *
 * @param text   the model text
 * @param folder the trace folder of the model's run
 * @param stamps the size and modification time (in microseconds) of each data trace, in order of name
 */
public record ProfileKey(String text, Path folder, List<Long> stamps) {

	public ProfileKey {
		stamps = List.copyOf(stamps);
	}

	/** The key of model text whose data traces are in {@code folder} (a missing folder holds none). */
	public static ProfileKey of(String text, Path folder) {
		List<Long> stamps = new ArrayList<>();
		try (Stream<Path> files = Files.list(folder)) {
			for (Path file : files.filter(TimeProfile::isDataTrace).sorted().toList()) {
				stamps.add(Files.size(file));
				stamps.add(Files.getLastModifiedTime(file).to(TimeUnit.MICROSECONDS));
			}
		} catch (IOException e) {
			stamps.clear(); // no folder, or it changes as it is read: no data traces to show
		}
		return new ProfileKey(text, folder, stamps);
	}

	/** Whether the folder held a data trace: without any, a run has no time to show. */
	public boolean hasDataTraces() {
		return !stamps.isEmpty();
	}
}
