// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.jdt.annotation.NonNullByDefault;

/**
 * The values of the loops around an occurrence, by index name, outermost first: an unmodifiable
 * map over two arrays instead of an entry and a boxed value per index, because a scan that builds
 * {@link org.looptrace.scanner.ScanRecord}s makes one for every record it reads.
 */
public final class LoopIndices extends AbstractMap<String, Long> {

	private final String[] names;
	private final long[] values;

	private LoopIndices(String[] names, long[] values) {
		this.names = names;
		this.values = values;
	}

	/**
	 * The map of {@code names} (shared, never changed) to a copy of {@code values[0..depth)}.
	 *
	 * @param depth as many as there are names
	 */
	public static LoopIndices of(String[] names, long[] values, int depth) {
		if (depth != names.length) {
			throw new IllegalArgumentException(depth + " index values for the " + names.length + " indices " + String.join(", ", names));
		}
		return new LoopIndices(names, java.util.Arrays.copyOf(values, depth));
	}

	@Override
	public int size() {
		return names.length;
	}

	// AbstractMap declares Set<Map.Entry<K, V>> without nullness on the entry type itself.
	@Override
	@NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE })
	public Set<Entry<@NonNull String, @NonNull Long>> entrySet() {
		return new AbstractSet<Entry<@NonNull String, @NonNull Long>>() {
			@Override
			public int size() {
				return names.length;
			}

			@Override
			public Iterator<Entry<@NonNull String, @NonNull Long>> iterator() {
				return new Iterator<Entry<@NonNull String, @NonNull Long>>() {
					private int next;

					@Override
					public boolean hasNext() {
						return next < names.length;
					}

					@Override
					public Entry<@NonNull String, @NonNull Long> next() {
						if (next >= names.length) {
							throw new NoSuchElementException();
						}
						Entry<@NonNull String, @NonNull Long> entry = Map.entry(names[next], values[next]);
						next++;
						return entry;
					}
				};
			}
		};
	}
}
