// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.wizards;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.internal.Messages;

/**
 * Copies the run files of a trace folder of the file system ({@code trace.<p>}, {@code
 * trace.<p>.gz}, {@code data.<p>}) into a new folder of the workspace, compressed traces kept as
 * they are or expanded; for a folder holding an OTF2 archive, the archive: its anchor, its global
 * definitions and the folder of its locations. Other files of the source are the user's and stay
 * where they are.
 *
 * @param source the trace folder on the file system
 * @param target the new workspace folder; it must not exist
 * @param expand whether {@code trace.<p>.gz} files become {@code trace.<p>}
 */
public record TraceFolderImport(Path source, IFolder target, boolean expand) {

	/** The run files of {@code source}, by name; a folder without trace files is refused. */
	public List<Path> runFiles() throws CoreException {
		Optional<Path> anchor = Otf2Archive.anchorOf(source);
		if (anchor.isPresent()) {
			return archiveFiles(anchor.get());
		}
		try (Stream<Path> files = Files.list(source)) {
			List<Path> found = files.filter(Files::isRegularFile).filter(TraceFolder::isRunFile).sorted().toList();
			if (found.stream().noneMatch(file -> file.getFileName().toString().startsWith("trace."))) {
				throw new CoreException(Status.error(NLS.bind(Messages.ImportWizard_noTraces, source)));
			}
			return found;
		} catch (IOException e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ImportWizard_unreadable, source, e.getMessage()), e));
		}
	}

	/** The files of the archive whose anchor is {@code anchor} ({@link Otf2Archive#files}). */
	private static List<Path> archiveFiles(Path anchor) throws CoreException {
		try {
			return Otf2Archive.files(anchor);
		} catch (IOException e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ImportWizard_unreadable, anchor, e.getMessage()), e));
		}
	}

	/** Copies the run files, reporting one unit of work per file; cancellable between files. */
	public void run(@Nullable IProgressMonitor monitor) throws CoreException {
		List<Path> files = runFiles();
		if (target.exists()) {
			throw new CoreException(Status.error(NLS.bind(Messages.ImportWizard_exists, target.getFullPath())));
		}
		SubMonitor progress = SubMonitor.convert(monitor, NLS.bind(Messages.ImportWizard_task, source), files.size() + 1);
		createParents(target.getParent());
		target.create(true, true, progress.split(1));
		for (Path file : files) {
			String name = source.relativize(file).toString();
			boolean expanding = expand && name.endsWith(".gz");
			IFile copy = target.getFile(IPath.fromOSString(expanding ? name.substring(0, name.length() - 3) : name));
			createParents(copy.getParent());
			try (InputStream in = expanding ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file)) {
				copy.create(in, true, progress.split(1));
			} catch (IOException e) {
				throw new CoreException(Status.error(NLS.bind(Messages.ImportWizard_unreadable, file, e.getMessage()), e));
			}
		}
	}

	/** Creates the folders missing above a resource to be created. */
	static void createParents(IContainer container) throws CoreException {
		if (container instanceof IFolder folder && !folder.exists()) {
			createParents(folder.getParent());
			folder.create(true, true, null);
		}
	}
}
