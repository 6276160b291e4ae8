// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;

/**
 * Launches a LoopTrace Replay configuration: generates the program into its folder when the folder
 * holds none, or one generated from an earlier model or other options; then runs {@code make} and
 * {@code mpirun -np P} on it (Open MPI), each a process of the launch with its output in a console,
 * which Terminate ends with its children.
 * As root, Open MPI is allowed to run as such; more ranks than cores are run oversubscribed.
 */
public final class ReplayLaunchDelegate implements ILaunchConfigurationDelegate {

	/** The launch configuration type. */
	static final String TYPE = "org.looptrace.replay.ui.launchType";
	/** Attribute: the workspace path of the model. */
	static final String ATTR_MODEL = "org.looptrace.replay.ui.model";
	/** Attribute: the workspace path of the program's folder; empty for {@code replay} beside the model. */
	static final String ATTR_FOLDER = "org.looptrace.replay.ui.folder";
	/** Attribute: the data traces folder on disk; empty for none. */
	static final String ATTR_DATA = "org.looptrace.replay.ui.data";
	/** Attribute: a {@link Compute} name. */
	static final String ATTR_COMPUTE = "org.looptrace.replay.ui.compute";
	/** Attribute: the number of ranks mpirun starts. */
	static final String ATTR_RANKS = "org.looptrace.replay.ui.ranks";

	@Override
	public void launch(@Nullable ILaunchConfiguration configuration, @Nullable String mode, @Nullable ILaunch launch,
			@Nullable IProgressMonitor monitor) throws CoreException {
		if (configuration == null || launch == null) {
			return;
		}
		ReplaySettings settings = settings(configuration);
		IPath location = settings.folder().getLocation();
		if (location == null) {
			throw new CoreException(Status.error("The folder " + settings.folder().getFullPath() + " is not on the local file system"));
		}
		Path folder = location.toPath();
		if (!prepare(settings, monitor)) {
			return;
		}
		IProcess make = start(launch, List.of("make"), folder);
		while (!make.isTerminated()) {
			if (monitor != null && monitor.isCanceled()) {
				make.terminate();
				return;
			}
			try {
				Thread.sleep(50);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				make.terminate();
				return;
			}
		}
		if (make.getExitValue() == 0) {
			start(launch, mpirun(configuration.getAttribute(ATTR_RANKS, 1), folder.resolve("replay")), folder);
		}
	}

	/**
	 * Brings the program in the settings' folder up to date with the model and the options: generates
	 * it when missing or when they changed since it was generated, keeping the files the user edited
	 * since as long as what they were generated from has not changed.
	 *
	 * @return whether to go on (false: cancelled)
	 * @throws CoreException when the model does not make a program, or when it changed and a file to
	 *                       replace was edited by hand (or written by another program), named in the message
	 */
	static boolean prepare(ReplaySettings settings, @Nullable IProgressMonitor monitor) throws CoreException {
		List<String> kept = new ArrayList<>();
		IStatus generated = GenerateReplayJob.generate(settings, monitor, true, edited -> {
			kept.addAll(edited);
			return false;
		});
		if (!kept.isEmpty()) {
			throw new CoreException(Status.error(settings.folder().getFullPath() + " holds " + String.join(", ", kept)
					+ ", edited by hand or written by another program, and the program of " + settings.model().getFullPath()
					+ " now differs from it: use Generate Replay Program, which asks before replacing it, or remove it"));
		}
		if (!generated.isOK() && generated.getSeverity() != IStatus.CANCEL) {
			throw new CoreException(generated);
		}
		return generated.isOK();
	}

	/** The command running the program on a number of ranks. */
	static List<String> mpirun(int ranks, Path program) {
		List<String> command = new ArrayList<>(List.of("mpirun"));
		if ("root".equals(System.getProperty("user.name"))) {
			command.add("--allow-run-as-root");
		}
		if (ranks > Runtime.getRuntime().availableProcessors()) {
			command.add("--oversubscribe");
		}
		command.addAll(List.of("-np", Integer.toString(ranks), program.toString()));
		return command;
	}

	private static IProcess start(ILaunch launch, List<String> command, Path folder) throws CoreException {
		Process process = DebugPlugin.exec(command.toArray(String[]::new), new File(folder.toString()));
		return DebugPlugin.newProcess(launch, process, String.join(" ", command));
	}

	/**
	 * Sets a configuration to replay a model as it starts: the folder {@code replay} beside it, its data
	 * traces when it has some, as many ranks as it has, and the model as its resource.
	 *
	 * @throws CoreException naming the model and what is wrong when it cannot be read or replayed
	 */
	static void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile model) throws CoreException {
		ReplaySettings defaults;
		try {
			defaults = ReplaySettings.defaults(model);
		} catch (IOException e) {
			throw new CoreException(Status.error("Cannot read " + model.getFullPath() + ": " + e.getMessage(), e));
		}
		configuration.setAttribute(ATTR_MODEL, model.getFullPath().toString());
		configuration.setAttribute(ATTR_FOLDER, defaults.folder().getFullPath().toString());
		Path data = defaults.options().data();
		configuration.setAttribute(ATTR_DATA, data == null ? "" : data.toString());
		configuration.setAttribute(ATTR_COMPUTE, defaults.options().compute().name());
		configuration.setAttribute(ATTR_RANKS, ReplaySettings.ranks(model));
		configuration.setMappedResources(new IResource[] { model });
	}

	/** The settings of a configuration; a CoreException says which attribute does not make one. */
	static ReplaySettings settings(ILaunchConfiguration configuration) throws CoreException {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		String modelPath = configuration.getAttribute(ATTR_MODEL, "");
		IFile model = IPath.fromPortableString(modelPath).segmentCount() < 2 ? null : root.getFile(IPath.fromPortableString(modelPath));
		if (model == null || !model.exists()) {
			throw new CoreException(Status.error("The model " + modelPath + " is not a file of the workspace"));
		}
		String folderPath = configuration.getAttribute(ATTR_FOLDER, "");
		IFolder folder = folderPath.isEmpty() ? model.getParent().getFolder(IPath.fromOSString(ReplaySettings.FOLDER))
				: IPath.fromPortableString(folderPath).segmentCount() < 2 ? null : root.getFolder(IPath.fromPortableString(folderPath));
		if (folder == null) {
			throw new CoreException(Status.error("The output folder " + folderPath + " is not a folder of a project"));
		}
		String data = configuration.getAttribute(ATTR_DATA, "");
		try {
			Compute compute = Compute.valueOf(configuration.getAttribute(ATTR_COMPUTE, Compute.NONE.name()));
			return new ReplaySettings(model, folder, new ReplayOptions(data.isEmpty() ? null : Path.of(data), compute));
		} catch (IllegalArgumentException e) {
			throw new CoreException(Status.error("The computation of " + configuration.getName() + ": " + e.getMessage()));
		}
	}
}
