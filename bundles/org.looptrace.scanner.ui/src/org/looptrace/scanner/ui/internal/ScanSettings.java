// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Path;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * The attributes of a LoopTrace Scanner configuration resolved against the workspace, and their
 * validation: the Main tab shows its messages, the launch refuses what it rejects.
 *
 * @param model         the model file
 * @param traces        the trace folder, or the folder holding an OTF2 archive, on the file system (it
 *                      need not be in the workspace)
 * @param mode          {@link ScannerUi#MODE_SCAN} or a language to generate
 * @param output        the CSV to write (scan mode)
 * @param scannerFolder the folder to generate into (generate modes)
 */
record ScanSettings(IFile model, Path traces, String mode, IFile output, IFolder scannerFolder) {

	/** The attributes as the tab edits them: workspace paths, empty for the defaults. */
	record Attributes(String model, String traces, String mode, String output, String scannerFolder) {

		static Attributes of(ILaunchConfiguration configuration) throws CoreException {
			return new Attributes(configuration.getAttribute(ScannerUi.ATTR_MODEL, ""), configuration.getAttribute(ScannerUi.ATTR_TRACES, ""),
					configuration.getAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN), configuration.getAttribute(ScannerUi.ATTR_OUTPUT, ""),
					configuration.getAttribute(ScannerUi.ATTR_SCANNER_FOLDER, ""));
		}
	}

	/** Thrown with the message the tab shows. */
	static final class Invalid extends Exception {
		private static final long serialVersionUID = 1L;

		Invalid(String message) {
			super(message);
		}
	}

	/** The settings of a configuration, or a CoreException with the reason the launch cannot run. */
	static ScanSettings of(ILaunchConfiguration configuration) throws CoreException {
		try {
			return resolve(Attributes.of(configuration));
		} catch (Invalid e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ScanSettings_cannotLaunch, configuration.getName(), e.getMessage())));
		}
	}

	/** Resolves and checks the attributes. */
	static ScanSettings resolve(Attributes attributes) throws Invalid {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		if (attributes.model().isBlank()) {
			throw new Invalid(Messages.ScanSettings_noModel);
		}
		IFile model = file(root, attributes.model());
		if (model == null || !model.exists()) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_modelMissing, attributes.model()));
		}
		Path traces;
		if (attributes.traces().isBlank()) {
			traces = defaultTraces(model);
		} else {
			IResource folder = root.findMember(attributes.traces());
			if (!(folder instanceof IContainer container) || container.getLocation() == null) {
				throw new Invalid(NLS.bind(Messages.ScanSettings_tracesMissing, attributes.traces()));
			}
			traces = container.getLocation().toPath();
		}
		if (!traces.toFile().isDirectory()) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_tracesMissing, traces));
		}
		String mode = attributes.mode();
		IFile output = model.getParent().getFile(IPath.fromOSString(defaultOutputName(model)));
		IFolder scannerFolder = model.getParent().getFolder(IPath.fromOSString(defaultScannerFolderName(model)));
		switch (mode) {
		case ScannerUi.MODE_SCAN -> {
			if (!attributes.output().isBlank()) {
				IFile file = file(root, attributes.output());
				if (file == null || !file.getParent().exists()) {
					throw new Invalid(NLS.bind(Messages.ScanSettings_outputFolderMissing, attributes.output()));
				}
				output = file;
			}
		}
		case ScannerUi.MODE_GENERATE_C, ScannerUi.MODE_GENERATE_JAVA -> {
			if (!attributes.scannerFolder().isBlank()) {
				IPath path = IPath.fromPortableString(attributes.scannerFolder());
				if (path.segmentCount() < 2 || !root.getProject(path.segment(0)).isOpen()) {
					throw new Invalid(NLS.bind(Messages.ScanSettings_scannerFolderInvalid, attributes.scannerFolder()));
				}
				scannerFolder = root.getFolder(path);
			}
		}
		default -> throw new Invalid(NLS.bind(Messages.ScanSettings_unknownMode, mode));
		}
		return new ScanSettings(model, traces, mode, output, scannerFolder);
	}

	/** The folder the model's {@code // traces:} line names, else the model's own folder. */
	static Path defaultTraces(IFile model) throws Invalid {
		IPath location = model.getLocation();
		if (location == null) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_notLocal, model.getFullPath()));
		}
		return TracesComment.traceFolder(location.toPath(), text(model));
	}

	/** {@code run.loops} → {@code run.csv}. */
	static String defaultOutputName(IFile model) {
		return model.getFullPath().removeFileExtension().lastSegment() + ".csv";
	}

	/** {@code run.loops} → {@code run-scanner} (C and Java scanners have different file names: they can share it). */
	static String defaultScannerFolderName(IFile model) {
		return model.getFullPath().removeFileExtension().lastSegment() + "-scanner";
	}

	/** The text of a workspace file in its charset. */
	static String text(IFile file) throws Invalid {
		try (InputStream in = file.getContents(true)) {
			return new String(in.readAllBytes(), Charset.forName(file.getCharset()));
		} catch (CoreException | IOException e) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_unreadable, file.getFullPath(), e.getMessage()));
		}
	}

	private static @Nullable IFile file(IWorkspaceRoot root, String path) {
		IPath full = IPath.fromPortableString(path);
		return full.segmentCount() < 2 ? null : root.getFile(full);
	}

	/** A status of this bundle. */
	static IStatus error(String message, @Nullable Throwable cause) {
		return new Status(IStatus.ERROR, ScannerUi.BUNDLE_ID, message, cause);
	}
}
