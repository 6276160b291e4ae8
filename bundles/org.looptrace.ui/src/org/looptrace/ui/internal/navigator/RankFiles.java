// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.internal.LoopTraceBuilder;

/**
 * The run files of a trace folder ({@code trace.<p>}, {@code trace.<p>.gz}, {@code data.<p>}), the
 * node that groups them beneath the folder in the Project Explorer.
 *
 * @param folder the trace folder
 */
public record RankFiles(IContainer folder) {

	/** Data files before event traces, each in the order of ranks: {@code data.2} before {@code data.10}. */
	static final Comparator<IResource> ORDER = Comparator.comparing(RankFiles::isEventTrace).thenComparingInt(RankFiles::rank)
			.thenComparing(IResource::getName);

	/** The run files of the folder, in {@link #ORDER}; none when the folder is gone or closed. */
	public List<IFile> files() {
		List<IFile> files = new ArrayList<>();
		try {
			for (IResource member : folder.members()) {
				if (member instanceof IFile file && LoopTraceBuilder.isRunFile(file)) {
					files.add(file);
				}
			}
		} catch (CoreException e) {
			return List.of();
		}
		files.sort(ORDER);
		return files;
	}

	/** Whether a container is a trace folder: a folder holding an event trace ({@code trace.<p>}). */
	public static boolean isTraceFolder(IContainer container) {
		return container.getType() == IResource.FOLDER
				&& new RankFiles(container).files().stream().anyMatch(RankFiles::isEventTrace);
	}

	/**
	 * The anchor of the OTF2 archive a folder holds ({@code traces.otf2}, or its one {@code *.otf2}, not
	 * derived), which makes it a run too; empty for any other container, a trace folder among them.
	 * Asks the workspace's tree only, not the disk: the Project Explorer asks in the UI thread.
	 */
	static Optional<Path> archiveOf(IContainer container) {
		if (container.getType() != IResource.FOLDER || container.getLocation() == null || isTraceFolder(container)) {
			return Optional.empty();
		}
		List<IResource> anchors = new ArrayList<>();
		try {
			for (IResource member : container.members()) {
				if (LoopTraceBuilder.isArchiveAnchor(member)) {
					anchors.add(member);
				}
			}
		} catch (CoreException e) {
			return Optional.empty();
		}
		// as Otf2Archive.anchorOf: traces.otf2 first, else the only anchor
		Optional<IResource> anchor = anchors.stream().filter(member -> member.getName().equals(Otf2Archive.ANCHOR)).findFirst()
				.or(() -> anchors.size() == 1 ? Optional.of(anchors.get(0)) : Optional.empty());
		return anchor.map(IResource::getLocation).map(IPath::toPath);
	}

	/** Whether a run file is an event trace ({@code trace.<p>}, {@code trace.<p>.gz}), not a data trace. */
	static boolean isEventTrace(IResource file) {
		return file.getName().startsWith("trace.");
	}

	/** The rank of a run file. */
	static int rank(IResource file) {
		return TraceFolder.rankOfRunFile(Path.of(file.getName()));
	}
}
