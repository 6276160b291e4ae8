// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.EventReader;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.LoopTraceUi;

/**
 * What the Project Explorer says of a run: its ranks, events, size on disk and whether its model is
 * current. A run is a trace folder, or a folder holding an OTF2 archive, whose ranks its definitions
 * say and whose events are the records of their event files (OTF2 events, region enters and leaves among them).
 *
 * @param ranks   the number of event traces ({@code trace.<p>} files) or of the archive's MPI ranks;
 *                -1 until an archive's definitions are read or when they cannot be
 * @param events  the events of all ranks, or -1 until counted or when a trace cannot be read
 * @param bytes   the size of the run files, or of the archive's files
 * @param model   the state of the folder's model
 * @param stamp   what changes when a run file changes: a count made under another stamp is stale
 * @param archive whether the run is an OTF2 archive
 */
record RunSummary(int ranks, long events, long bytes, Model model, long stamp, boolean archive) {

	/** The state of the model of a run. */
	enum Model {
		/** No {@code model.loops} yet. */
		NONE,
		/** {@code model.loops} is older than a run file: the builder or Model traces will replace it. */
		STALE,
		/** {@code model.loops} is newer than every run file. */
		CURRENT
	}

	/** An archive not read yet: nothing known but that it is one. */
	static final RunSummary PENDING_ARCHIVE = new RunSummary(-1, -1, 0, Model.NONE, 0, true);

	/** The summary of a run from its files' metadata, its events given (-1: not counted). */
	static RunSummary of(RankFiles run, long events) {
		List<IFile> files = run.files();
		int ranks = 0;
		long bytes = 0;
		long newest = Long.MIN_VALUE;
		long stamp = 17;
		for (IFile file : files) {
			if (RankFiles.isEventTrace(file)) {
				ranks++;
			}
			IPath location = file.getLocation();
			bytes += location == null ? 0 : location.toFile().length();
			newest = Math.max(newest, file.getLocalTimeStamp());
			stamp = 31 * stamp + file.getModificationStamp() + 7 * file.getName().hashCode();
		}
		return new RunSummary(ranks, events, bytes, model(run.folder(), newest), stamp, false);
	}

	/**
	 * The summary of a folder holding an OTF2 archive from its files' metadata (those under the
	 * archive's folder are not the folder's children); ranks and events not read yet.
	 */
	static RunSummary ofArchive(IContainer folder, Path anchor) {
		long bytes = 0;
		long newest = Long.MIN_VALUE;
		long stamp = 17;
		try {
			for (Path file : Otf2Archive.files(anchor)) {
				long size = Files.size(file);
				long time = Files.getLastModifiedTime(file).toMillis();
				bytes += size;
				newest = Math.max(newest, time);
				stamp = 31 * stamp + size + 7 * time + 11 * file.getFileName().hashCode();
			}
		} catch (IOException e) {
			stamp = -stamp; // a file went away while listed: the next change summarizes again
		}
		return new RunSummary(-1, -1, bytes, model(folder, newest), stamp, true);
	}

	/**
	 * The summary of an archive with its ranks and the records of their event files: those saved under
	 * the archive's stamp, else read (every event file, then saved); as it was when they cannot be read
	 * (the builder's markers say why) or the count was cancelled.
	 */
	static RunSummary readArchive(RunSummary summary, Path anchor, IProgressMonitor monitor) {
		try {
			Optional<long[]> saved = Otf2Archive.savedRecords(anchor);
			if (saved.isPresent()) {
				return new RunSummary(saved.get().length, Arrays.stream(saved.get()).sum(), summary.bytes(), summary.model(),
						summary.stamp(), true);
			}
			Otf2Archive archive = Otf2Archive.open(anchor);
			long records = archive.records(Progress.cancelledWhen(monitor::isCanceled));
			return new RunSummary(archive.ranks(), records, summary.bytes(), summary.model(), summary.stamp(), true);
		} catch (IOException | CancellationException e) {
			return summary;
		}
	}

	/** The state of a folder's model, given the time its newest run file was written. */
	private static Model model(IContainer folder, long newest) {
		IFile model = folder.getFile(IPath.fromOSString(LoopTraceUi.MODEL_FILE));
		return !model.exists() ? Model.NONE : model.getLocalTimeStamp() >= newest ? Model.CURRENT : Model.STALE;
	}

	/** This summary with the ranks and events of {@code counted}, counted under the same stamp. */
	RunSummary with(RunSummary counted) {
		return new RunSummary(counted.ranks, counted.events, bytes, model, stamp, archive);
	}

	/**
	 * Counts the events of a run's traces (reads them whole); -1 when one cannot be read or the count
	 * was cancelled.
	 */
	static long countEvents(RankFiles run, BooleanSupplier cancelled) {
		long events = 0;
		for (IFile file : run.files()) {
			IPath location = file.getLocation();
			if (!RankFiles.isEventTrace(file)) {
				continue;
			}
			if (location == null) {
				return -1;
			}
			try (EventReader reader = EventReader.open(location.toPath())) {
				while (reader.next() != null) {
					events++;
					if ((events & 0xFFFF) == 0 && cancelled.getAsBoolean()) {
						return -1;
					}
				}
			} catch (IOException e) {
				return -1; // the builder's markers say what is wrong with the trace
			}
		}
		return events;
	}

	/** Whether this summary still describes a run (no run file changed since). */
	boolean describes(@Nullable RunSummary now) {
		return now != null && now.stamp == stamp;
	}

	/** Whether a resource is the model a summary speaks of. */
	static boolean isModel(IResource resource) {
		return resource.getType() == IResource.FILE && LoopTraceUi.MODEL_FILE.equals(resource.getName());
	}
}
