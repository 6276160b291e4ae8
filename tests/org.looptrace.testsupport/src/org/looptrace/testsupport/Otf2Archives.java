// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Writes real OTF2 archives with Debian's python3-otf2 (resources/.../write_archive.py, whose
 * docstring describes the lines it reads), and turns a program of LoopTrace events into one: each
 * message on the world, on a communicator whose ranks are the world's in reverse order, or (to
 * itself) on COMM_SELF; each collective on a communicator of its group; locations defined in an
 * order that makes their references differ from the ranks, and a worker thread with events of its own.
 */
public final class Otf2Archives {

	/**
	 * A description for {@link #write} of two ranks, locations 0 and 1, where rank 0 sends twice on
	 * channel (0, 1, 7), each send inside MPI_Send (records 1 to 3 and 4 to 6 of its location), and
	 * rank 1 receives once: the second send, event 5 of location 0, is never received.
	 */
	public static final String UNMATCHED_SEND = """
			resolution 1000
			ranks 2 0 1
			comm MPI_COMM_WORLD world
			region MPI_Send mpi
			0 1 enter MPI_Send
			0 2 send MPI_COMM_WORLD 1 7 4
			0 3 leave MPI_Send
			0 4 enter MPI_Send
			0 5 send MPI_COMM_WORLD 1 7 4
			0 6 leave MPI_Send
			1 2 recv MPI_COMM_WORLD 0 7 4
			""";

	/**
	 * A description for {@link #write} of two ranks as EZTrace 2.0 writes them (no creator, its own
	 * region defined) with nonblocking receives as it writes them: rank 0
	 * sends three times on channel (0, 1, 7); rank 1 requests receives 11, 12 and 13, completes 12 (its
	 * one receive), cancels 13 and requests 11 again (the first 11 was never completed), which it
	 * never completes either: two receives requested and never completed, two sends never received.
	 * Nine records.
	 */
	public static final String UNCOMPLETED_RECEIVES = """
			resolution 1000
			eztrace
			ranks 2 0 1
			comm MPI_COMM_WORLD world
			0 1 isend MPI_COMM_WORLD 1 7 4
			0 2 isend MPI_COMM_WORLD 1 7 4
			0 3 isend MPI_COMM_WORLD 1 7 4
			1 1 irecvrequest 11
			1 2 irecvrequest 12
			1 3 irecvrequest 13
			1 4 irecv MPI_COMM_WORLD 0 7 4 12
			1 5 cancelled 13
			1 6 irecvrequest 11
			""";

	private Otf2Archives() {
	}

	/** An archive written, and the events its ranks are expected to read as. */
	public record Written(Path anchor, List<List<TraceEvent>> expected) {
	}

	/**
	 * Runs the writer on {@code spec} (without its {@code archive} line) into {@code folder}; returns
	 * the communicator references it printed, by name.
	 */
	public static Map<String, Integer> write(Path folder, String spec) throws IOException, InterruptedException {
		Path script = folder.resolveSibling(folder.getFileName() + "-write_archive.py");
		try (InputStream in = Otf2Archives.class.getResourceAsStream("write_archive.py")) {
			if (in == null) {
				throw new IOException("no test resource write_archive.py");
			}
			Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		}
		// Debian's interpreter, where python3-otf2 is installed (not one of a version manager on the PATH)
		Process process = new ProcessBuilder("/usr/bin/python3", script.toString()).redirectErrorStream(true).start();
		try (OutputStream stdin = process.getOutputStream()) {
			stdin.write(("archive " + folder + "\n" + spec).getBytes(StandardCharsets.UTF_8));
		}
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		process.waitFor(120, TimeUnit.SECONDS);
		assertEquals(0, process.exitValue(), "write_archive.py failed (is python3-otf2 installed?):\n" + output);
		Map<String, Integer> refs = new HashMap<>();
		output.lines().filter(line -> line.startsWith("comm ")).forEach(line -> {
			String[] words = line.split(" ");
			refs.put(words[1], Integer.parseInt(words[2]));
		});
		return refs;
	}

	/**
	 * Overwrites the files of the archive {@code anchor} (under its folder) whose names end with {@code suffix} (".evt": the
	 * event files, ".def": the definitions) with bytes libotf2 refuses, keeping their sizes and times: the
	 * archive's stamp does not change, and any read of those files fails. What reads none of them is seen to.
	 */
	public static void spoil(Path anchor, String suffix) throws IOException {
		List<Path> files;
		try (Stream<Path> walk = Files.walk(anchor.getParent())) {
			files = walk.filter(file -> Files.isRegularFile(file) && file.toString().endsWith(suffix)).toList();
		}
		for (Path file : files) {
			FileTime time = Files.getLastModifiedTime(file);
			byte[] junk = new byte[(int) Files.size(file)];
			Arrays.fill(junk, (byte) 0xff);
			Files.write(file, junk);
			Files.setLastModifiedTime(file, time);
		}
	}

	/** Writes {@code program} (local events left out) as an archive in {@code folder}. */
	public static Written program(List<List<TraceEvent>> program, Path folder) throws IOException, InterruptedException {
		int ranks = program.size();
		// locations defined odd ranks down, then even ranks down: their references are not the ranks
		StringBuilder spec = new StringBuilder("resolution 1000000000\nranks " + ranks);
		for (int i = ranks - 1; i >= 0; i -= 2) {
			spec.append(' ').append(i);
		}
		for (int i = ranks - 2; i >= 0; i -= 2) {
			spec.append(' ').append(i);
		}
		spec.append("\ncomm MPI_COMM_WORLD world\ncomm reversed ");
		for (int i = ranks - 1; i >= 0; i--) {
			spec.append(i).append(i > 0 ? "," : "\n");
		}
		spec.append("comm self self\nregion worker user\nthread ").append(ranks - 1).append('\n');
		Map<String, Integer> tags = new HashMap<>();
		Map<String, Integer> ops = new HashMap<>();
		Map<RankSet, String> groups = new HashMap<>();
		StringBuilder events = new StringBuilder();
		for (int rank = 0; rank < ranks; rank++) {
			long time = 0;
			for (TraceEvent event : program.get(rank)) {
				time += 10;
				if (event.kind() == EventKind.LOCAL) {
					continue;
				}
				if (event.kind() == EventKind.SYNC) {
					int op = ops.computeIfAbsent(event.tag(), name -> ops.size());
					String comm = event.group().equals(RankSet.range(0, ranks - 1)) ? "MPI_COMM_WORLD"
							: groups.computeIfAbsent(event.group(), group -> "g" + groups.size());
					events.append(rank + " " + time + " coll " + comm + " " + op + " 8 8\n");
					continue;
				}
				boolean send = event.kind() == EventKind.SEND;
				int tag = tags.computeIfAbsent(event.tag(), t -> tags.size());
				int peer = send ? event.peer() : event.rank();
				String comm = peer == rank ? "self" : tag % 2 == 0 ? "MPI_COMM_WORLD" : "reversed";
				int inComm = comm.equals("self") ? 0 : comm.equals("reversed") ? ranks - 1 - peer : peer;
				events.append(rank + " " + time + " " + (send ? (tag % 3 == 0 ? "isend" : "send") : (tag % 3 == 1 ? "irecv" : "recv")) + " "
						+ comm + " " + inComm + " " + tag + " " + (tag + 1) * 4 + "\n");
			}
		}
		groups.forEach((group, name) -> {
			List<String> members = new ArrayList<>();
			group.forEach(member -> members.add(Integer.toString(member)));
			spec.append("comm " + name + " " + String.join(",", members) + "\n");
		});
		Map<String, Integer> refs = write(folder, spec.toString() + events);
		return new Written(folder.resolve("traces.otf2"), expected(program, tags, ops, refs));
	}

	/** The events an archive written by {@link #program} reads as: tags and collectives as the mapping names them. */
	private static List<List<TraceEvent>> expected(List<List<TraceEvent>> program, Map<String, Integer> tags, Map<String, Integer> ops,
			Map<String, Integer> refs) {
		String[] names = { "MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather",
				"MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw", "MPI_Allreduce", "MPI_Reduce", "MPI_Reduce_scatter",
				"MPI_Scan", "MPI_Exscan", "MPI_Reduce_scatter_block" };
		List<List<TraceEvent>> expected = new ArrayList<>();
		for (List<TraceEvent> trace : program) {
			List<TraceEvent> events = new ArrayList<>();
			for (TraceEvent event : trace) {
				switch (event.kind()) {
				case LOCAL -> {
					// not written
				}
				case SYNC -> events.add(TraceEvent.sync(event.rank(), names[ops.get(event.tag())], event.group()));
				default -> {
					int tag = tags.get(event.tag());
					int src = event.rank();
					int dst = event.peer();
					String token = src == dst ? "c" + refs.get("self") + "." + tag
							: tag % 2 == 0 ? Integer.toString(tag) : "c" + refs.get("reversed") + "." + tag;
					events.add(event.kind() == EventKind.SEND ? TraceEvent.send(src, dst, token) : TraceEvent.recv(src, dst, token));
				}
				}
			}
			expected.add(events);
		}
		return expected;
	}
}
