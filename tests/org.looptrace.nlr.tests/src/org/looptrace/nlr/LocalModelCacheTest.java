// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.trace.EventWriter;
import org.looptrace.trace.TraceFolder;

/**
 * The cache of local models: a rank is modelled again only when its trace or the options changed,
 * a damaged entry is recomputed, and cached models are the models NLR computes.
 */
class LocalModelCacheTest {

	private static final int RANKS = 5;

	@Test
	void cachedModelsAreTheComputedOnesOnRandomFolders(@TempDir Path folder) throws IOException {
		for (long seed = 0; seed < 20; seed++) {
			Path run = Files.createDirectories(folder.resolve("run-" + seed));
			writeRandomFolder(run, new Random(seed));
			List<String> computed = printed(Nlr.modelFolder(TraceFolder.open(run), NlrOptions.DEFAULTS, 2, Progress.NONE));
			LocalModelCache first = cache(run, NlrOptions.DEFAULTS);
			assertEquals(computed, model(run, NlrOptions.DEFAULTS, first), "seed " + seed + ", cache filled");
			LocalModelCache second = cache(run, NlrOptions.DEFAULTS);
			assertEquals(computed, model(run, NlrOptions.DEFAULTS, second), "seed " + seed + ", cache read");
			assertEquals("local models: " + RANKS + " reused, 0 computed", second.toString(), "seed " + seed);
		}
	}

	@Test
	void onlyTheChangedRankIsModelledAgain(@TempDir Path folder) throws IOException {
		writeRandomFolder(folder, new Random(1));
		model(folder, NlrOptions.DEFAULTS, cache(folder, NlrOptions.DEFAULTS));
		Files.writeString(folder.resolve("trace.3"), "3 send 0 late\n", StandardOpenOption.APPEND);
		LocalModelCache cache = cache(folder, NlrOptions.DEFAULTS);
		List<String> models = model(folder, NlrOptions.DEFAULTS, cache);
		assertEquals("local models: 4 reused, 1 computed", cache.toString());
		assertEquals(printed(Nlr.modelFolder(TraceFolder.open(folder), NlrOptions.DEFAULTS, 1, Progress.NONE)), models);
	}

	@Test
	void otherOptionsMiss(@TempDir Path folder) throws IOException {
		writeRandomFolder(folder, new Random(2));
		model(folder, NlrOptions.DEFAULTS, cache(folder, NlrOptions.DEFAULTS));
		NlrOptions small = NlrOptions.DEFAULTS.withMaxBody(3);
		LocalModelCache cache = cache(folder, small);
		List<String> models = model(folder, small, cache);
		assertEquals("local models: 0 reused, " + RANKS + " computed", cache.toString());
		assertEquals(printed(Nlr.modelFolder(TraceFolder.open(folder), small, 1, Progress.NONE)), models);
	}

	/** A JVM killed while writing an entry leaves its temporary: the next run that writes one deletes it. */
	@Test
	void temporariesAKilledRunLeftAreDeletedByTheNext(@TempDir Path folder) throws Exception {
		writeRandomFolder(folder, new Random(4));
		Process killed = new ProcessBuilder("true").start();
		killed.waitFor();
		Path entries = Files.createDirectories(folder.resolve(LocalModelCache.FOLDER).resolve("local"));
		Path left = Files.write(entries.resolve(".rank-2.model." + killed.pid() + "-x1.looptrace.part"), new byte[] { 1, 2 });
		model(folder, NlrOptions.DEFAULTS, cache(folder, NlrOptions.DEFAULTS));
		try (Stream<Path> files = Files.list(entries)) {
			assertEquals(List.of(), files.filter(file -> !file.getFileName().toString().matches("rank-[0-9]+\\.model")).toList(), left + " is left");
		}
	}

	@Test
	void damagedEntriesAreRecomputedNeverTrusted(@TempDir Path folder) throws IOException {
		writeRandomFolder(folder, new Random(3));
		List<String> expected = model(folder, NlrOptions.DEFAULTS, cache(folder, NlrOptions.DEFAULTS));
		Path entries = folder.resolve(LocalModelCache.FOLDER).resolve("local");
		Random random = new Random(3);
		for (int round = 0; round < 30; round++) {
			Path entry = entries.resolve("rank-" + random.nextInt(RANKS) + ".model");
			byte[] bytes = Files.readAllBytes(entry);
			switch (random.nextInt(3)) {
			case 0 -> bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
			case 1 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
			default -> bytes = Arrays.copyOf(bytes, bytes.length + 1 + random.nextInt(8));
			}
			Files.write(entry, bytes);
			LocalModelCache cache = cache(folder, NlrOptions.DEFAULTS);
			assertEquals(expected, model(folder, NlrOptions.DEFAULTS, cache), "round " + round);
			assertEquals("local models: " + (RANKS - 1) + " reused, 1 computed", cache.toString(), "round " + round);
		}
	}

	private static LocalModelCache cache(Path run, NlrOptions options) {
		return LocalModelCache.of(run, Nlr.cacheConfiguration(options));
	}

	private static List<String> model(Path run, NlrOptions options, LocalModelCache cache) throws IOException {
		return printed(Nlr.modelFolder(TraceFolder.open(run), options, 2, Progress.NONE, cache));
	}

	private static List<String> printed(List<Model> models) {
		return models.stream().map(ModelPrinter::print).toList();
	}

	/** Random nests on every rank, owners and peers within the folder. */
	private static void writeRandomFolder(Path run, Random random) throws IOException {
		for (int rank = 0; rank < RANKS; rank++) {
			try (EventWriter writer = EventWriter.create(run.resolve("trace." + rank))) {
				for (TraceEvent event : Traces.randomNest(random, 3, 2_000)) {
					writer.write(event.kind() == EventKind.SEND ? TraceEvent.send(rank, event.peer() % RANKS, event.tag())
							: TraceEvent.recv(event.rank() % RANKS, rank, event.tag()));
				}
			}
		}
	}
}
